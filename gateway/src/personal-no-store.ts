import { REFRESH_COOKIE, requestCookie, requestHeader, SESSION_COOKIE } from '@uapqa/service-kit';
import type { MiddlewareHandler } from 'hono';

/** A Cache-Control value that lets anyone keep the answer: its owner said it is the same for all. */
const PUBLIC = /(^|[\s,])public([\s,]|$)/i;

/**
 * Keeps personal API answers out of every cache (the browser's history and disk, a proxy's).
 * An answer to a caller with session credentials, or one that sets cookies, is personal: it
 * gets `no-store` unless its owner marked it `public`. Done once here, so that no route of any
 * service can forget it.
 */
export const personalNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  const personal =
    c.res.headers.has('set-cookie') ||
    requestHeader(c, 'authorization') !== undefined ||
    requestCookie(c, SESSION_COOKIE) !== undefined ||
    requestCookie(c, REFRESH_COOKIE) !== undefined;
  if (!personal) return;
  const rule = c.res.headers.get('cache-control');
  if (rule === 'no-store' || (rule && PUBLIC.test(rule))) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('cache-control', 'no-store');
};
