import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

declare module 'hono' {
  interface ContextVariableMap {
    cookies: Record<string, string>;
  }
}

/**
 * One cookie of the request. The Cookie header is parsed once per request, however many layers
 * ask (the session, its refresh, the gateway's cache rule): each of Hono's `getCookie(c, name)`
 * calls parses it again.
 */
export function requestCookie(c: Context, name: string): string | undefined {
  let cookies = c.get('cookies');
  if (!cookies) {
    cookies = getCookie(c);
    c.set('cookies', cookies);
  }
  return cookies[name];
}
