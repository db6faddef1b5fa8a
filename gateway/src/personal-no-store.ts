import { REFRESH_COOKIE, requestCookie, requestHeader, SESSION_COOKIE } from '@uapqa/service-kit';
import type { MiddlewareHandler } from 'hono';

/**
 * Keeps API answers out of every cache (the browser's, a proxy's) unless their owner said they
 * may be kept. An answer to a signed-in caller, or one that sets cookies, is personal: it gets
 * `no-store` unless its owner marked it `public` (the same for everyone). Any other API answer
 * without a caching rule of its own gets `no-store` too, so that nothing is kept by default.
 */
export const personalNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  const personal =
    c.res.headers.has('set-cookie') ||
    requestHeader(c, 'authorization') !== undefined ||
    requestCookie(c, SESSION_COOKIE) !== undefined ||
    requestCookie(c, REFRESH_COOKIE) !== undefined;
  const rule = c.res.headers.get('cache-control');
  const keep = rule !== null && (!personal || /(^|[\s,])public([\s,]|$)/i.test(rule));
  if (keep || rule?.toLowerCase().includes('no-store')) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('cache-control', 'no-store');
};
