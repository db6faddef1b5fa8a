import type { Role } from '@uapqa/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { forbidden, unauthorized } from '../errors.js';
import { requestCookie } from '../http/cookies.js';
import { SESSION_COOKIE, type SessionClaims, type SessionVerifier } from './session.js';

declare module 'hono' {
  interface ContextVariableMap {
    session: SessionClaims | null;
  }
}

/** The session token travels as the session cookie, or as a bearer token between services. */
export function readSessionToken(c: Context): string | undefined {
  const authorization = c.req.header('authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  return requestCookie(c, SESSION_COOKIE);
}

/** Sets `c.var.session` to the verified session, or null; never refuses by itself. */
export function sessionMiddleware(verifier: SessionVerifier): MiddlewareHandler {
  return async (c, next) => {
    const token = readSessionToken(c);
    c.set('session', await verifier.verify(token));
    await next();
  };
}

/** 401 without a valid session. */
export const requireSession: MiddlewareHandler = async (c, next) => {
  if (!c.get('session')) throw unauthorized();
  await next();
};

/** 401 without a valid session, 403 when the session's role is not among `roles`. */
export function requireRole(...roles: Role[]): MiddlewareHandler {
  return async (c, next) => {
    const session = c.get('session');
    if (!session) throw unauthorized();
    if (!roles.includes(session.role)) {
      throw forbidden(`Forbidden: this requires the ${roles.join(' or ')} role.`);
    }
    await next();
  };
}

export function currentSession(c: { get(key: 'session'): SessionClaims | null }): SessionClaims {
  const session = c.get('session');
  if (!session) throw unauthorized();
  return session;
}
