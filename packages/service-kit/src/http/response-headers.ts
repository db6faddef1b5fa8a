import type { Context, MiddlewareHandler } from 'hono';

/**
 * Headers every answer to a request carries, decided before the answer exists: `always` are set
 * whatever the answer says (the gateway's secure headers), `unlessPresent` only where the answer
 * has none of its own (the request id, which a forwarded service echoes).
 */
export interface ResponseHeaders {
  always: Record<string, string>;
  unlessPresent: Record<string, string>;
}

declare module 'hono' {
  interface ContextVariableMap {
    responseHeaders: ResponseHeaders;
  }
}

/** Answers built with their headers already in them (`withResponseHeaders`). */
const complete = new WeakSet<Response>();

/**
 * Whether `withResponseHeaders` built this answer: whoever builds one that way has applied the
 * rules of its headers (the gateway's cache rule for personal answers) itself.
 */
export const builtWithAnswerHeaders = (response: Response): boolean => complete.has(response);

/**
 * Sets the request's every-answer headers on its answer, however it was built (a handler's JSON,
 * an error, a static file), unless the answer was built with them. Runs first, so it sees the
 * answer last.
 */
export const responseHeaders: MiddlewareHandler = async (c, next) => {
  c.set('responseHeaders', { always: {}, unlessPresent: {} });
  await next();
  if (complete.has(c.res)) return;
  const { always, unlessPresent } = c.get('responseHeaders');
  const headers = c.res.headers;
  for (const name in always) headers.set(name, always[name] as string);
  for (const name in unlessPresent) {
    if (!headers.has(name)) headers.set(name, unlessPresent[name] as string);
  }
};

/**
 * A response whose headers are a plain record of lower-case names, built with the request's
 * every-answer headers in that record. Node's server writes such a record as it is; setting
 * them on the answer afterwards made it build a WHATWG Headers object for every answer and read
 * it back out, the largest cost of a forwarded request after the socket writes.
 */
export function withResponseHeaders(
  c: Context,
  body: ConstructorParameters<typeof Response>[0],
  status: number,
  record: Record<string, string>,
  cookies: string[] = [],
): Response {
  const every = c.get('responseHeaders');
  if (every) {
    for (const name in every.unlessPresent) {
      if (record[name] === undefined) record[name] = every.unlessPresent[name] as string;
    }
    Object.assign(record, every.always);
  }
  const response = new Response(body, { status, headers: headerInit(record, cookies) });
  if (every) complete.add(response);
  return response;
}

/**
 * A header record as a Response's init: the record itself, or pairs when Set-Cookie lines come
 * with it (the one header that repeats).
 */
export function headerInit(
  record: Record<string, string>,
  cookies: string[],
): Record<string, string> | Array<[string, string]> {
  if (cookies.length === 0) return record;
  return [
    ...Object.entries(record),
    ...cookies.map((cookie): [string, string] => ['set-cookie', cookie]),
  ];
}
