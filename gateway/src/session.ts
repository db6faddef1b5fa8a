import {
  REFRESH_COOKIE,
  readSessionToken,
  requestCookie,
  type SessionClaims,
  type SessionVerifier,
} from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';
import type { Upstream } from './upstreams.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The verified token to forward upstream, when the caller has a live session. */
    sessionToken: string | undefined;
  }
}

interface Refreshed {
  token: string | undefined;
  setCookies: string[];
}

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
  if (!response.ok) return { token: undefined, setCookies };
  const body = (await response.json()) as { token?: string };
  return { token: body.token, setCookies };
}

/**
 * Verifies the session before anything is forwarded. An expired or revoked token with a live
 * refresh cookie is renewed through identity on the fly: the request goes on with the new
 * token and the browser receives the new cookie with the response.
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
    if (refreshToken && identity && c.req.path !== '/api/logout') {
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
      c.res = new Response(c.res.body, c.res);
      for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
    }
  };
}
