import { isJsonMediaType, unsupportedMediaType } from '@uapqa/service-kit';
import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Does the request declare a body: a type, a non-zero length, or a chunked stream? */
function declaresBody(
  contentType: string | undefined,
  length: string | undefined,
  chunked: boolean,
) {
  if (contentType !== undefined && contentType !== '') return true;
  if (chunked) return true;
  return length !== undefined && length.trim() !== '0' && length.trim() !== '';
}

/**
 * Mutations carry JSON or nothing. The API reads only JSON; the types a plain HTML form sends
 * (text/plain, urlencoded, multipart) are the ones another site may post without the browser's
 * preflight, so refusing them backs up the Origin check. A request without a body (sign out, a
 * DELETE, a POST with nothing to say) needs no type. Paths in `exempt` read their raw body
 * themselves (the signed Stripe webhook).
 */
export function jsonBodyGuard(options: { exempt?: string[] } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.includes(c.req.path)) return next();
    const contentType = c.req.header('content-type');
    const declared = declaresBody(
      contentType,
      c.req.header('content-length'),
      c.req.header('transfer-encoding') !== undefined,
    );
    if (declared && !isJsonMediaType(contentType)) throw unsupportedMediaType();
    await next();
  };
}
