import { REFRESH_COOKIE, SESSION_COOKIE } from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

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
    c.req.header('authorization') !== undefined ||
    getCookie(c, SESSION_COOKIE) !== undefined ||
    getCookie(c, REFRESH_COOKIE) !== undefined;
  if (!personal) return;
  const rule = c.res.headers.get('cache-control');
  if (rule === 'no-store' || (rule && PUBLIC.test(rule))) return;
  setOnAnswer(c, 'cache-control', 'no-store');
};

/**
 * Sets a header on the answer in place. Copying the answer instead (`new Response(body, res)`)
 * made node build two full web Responses for every signed-in request, the gateway's largest cost
 * after the socket writes. Only an answer whose headers are immutable (a `fetch()` result) is
 * copied.
 */
function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
