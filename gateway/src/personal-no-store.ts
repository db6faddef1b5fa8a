import {
  builtWithAnswerHeaders,
  REFRESH_COOKIE,
  requestCookie,
  SESSION_COOKIE,
} from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';

/** A Cache-Control value that lets anyone keep the answer: its owner said it is the same for all. */
const PUBLIC = /(^|[\s,])public([\s,]|$)/i;

/** Whether the caller sent session credentials: every answer to it is personal. */
export function personalRequest(c: Context): boolean {
  return (
    c.req.header('authorization') !== undefined ||
    requestCookie(c, SESSION_COOKIE) !== undefined ||
    requestCookie(c, REFRESH_COOKIE) !== undefined
  );
}

/**
 * The Cache-Control a personal answer leaves with: `no-store`, unless its owner already said
 * `no-store` or marked it `public`; undefined when the answer keeps its own.
 */
export function personalCacheControl(
  personal: boolean,
  rule: string | undefined,
): string | undefined {
  if (!personal || rule === 'no-store' || (rule && PUBLIC.test(rule))) return undefined;
  return 'no-store';
}

/**
 * Keeps personal API answers out of every cache (the browser's history and disk, a proxy's).
 * An answer to a caller with session credentials, or one that sets cookies, is personal: it
 * gets `no-store` unless its owner marked it `public`. Done once here, so that no route of any
 * service can forget it. A forwarded answer is built with the rule applied (`forwardedResponse`).
 */
export const personalNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (builtWithAnswerHeaders(c.res)) return;
  const personal = c.res.headers.has('set-cookie') || personalRequest(c);
  const rule = personalCacheControl(personal, c.res.headers.get('cache-control') ?? undefined);
  if (rule) setOnAnswer(c, 'cache-control', rule);
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
