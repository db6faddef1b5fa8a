import {
  REFRESH_COOKIE,
  readSessionToken,
  requestCookie,
  SESSION_COOKIE,
  type SessionClaims,
  type SessionVerifier,
} from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { Upstream } from './upstreams.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The verified token to forward upstream, when the caller has a live session. */
    sessionToken: string | undefined;
  }
}

/**
 * Routes where identity sets (or clears) the session cookies itself: renewing the browser's
 * old session there would send two answers for the same cookie, and the old one could win.
 */
const SESSION_ROUTES = new Set([
  '/api/login',
  '/api/register',
  '/api/verify-email',
  '/api/logout',
  '/api/session/refresh',
]);

interface Refreshed {
  token: string | undefined;
  setCookies: string[];
}

/** A cookie's name in a Set-Cookie line. */
const cookieName = (line: string) => line.slice(0, line.indexOf('=')).trim();

async function refresh(c: Context, identity: Upstream, refreshToken: string): Promise<Refreshed> {
  const response = await identity.fetch(
    new Request(`${identity.baseUrl}/api/session/refresh`, {
      method: 'POST',
      headers: {
        cookie: `${REFRESH_COOKIE}=${refreshToken}`,
        'x-request-id': c.get('requestId') ?? '',
      },
    }),
  );
  const setCookies = response.headers.getSetCookie();
  await response.body?.cancel();
  if (!response.ok) return { token: undefined, setCookies };
  // The new token comes only as the session cookie (never in a body a page could read).
  const line = setCookies.find((cookie) => cookieName(cookie) === SESSION_COOKIE);
  return { token: line ? parse(line, SESSION_COOKIE)[SESSION_COOKIE] : undefined, setCookies };
}

/**
 * Verifies the session before anything is forwarded. An expired or revoked token with a live
 * refresh cookie is renewed through identity on the fly: the request goes on with the new
 * token and the browser receives the new cookies with the response, unless the response sets
 * those cookies itself (each cookie is set once per response).
 */
export function gatewaySession(
  verifier: SessionVerifier,
  identity: Upstream | undefined,
): MiddlewareHandler {
  return async (c, next) => {
    const presented = readSessionToken(c);
    let claims: SessionClaims | null = await verifier.verify(presented);
    let token = claims ? presented : undefined;
    let setCookies: string[] = [];
    const refreshToken = claims ? undefined : requestCookie(c, REFRESH_COOKIE);
    if (refreshToken && identity && !SESSION_ROUTES.has(c.req.path)) {
      const renewed = await refresh(c, identity, refreshToken).catch(() => null);
      if (renewed) {
        setCookies = renewed.setCookies;
        claims = await verifier.verify(renewed.token);
        token = claims ? renewed.token : undefined;
      }
    }
    c.set('session', claims);
    c.set('sessionToken', token);
    await next();
    if (setCookies.length > 0) {
      const alreadySet = new Set(c.res.headers.getSetCookie().map(cookieName));
      const missing = setCookies.filter((cookie) => !alreadySet.has(cookieName(cookie)));
      if (missing.length === 0) return;
      c.res = new Response(c.res.body, c.res);
      for (const cookie of missing) c.res.headers.append('set-cookie', cookie);
    }
  };
}
