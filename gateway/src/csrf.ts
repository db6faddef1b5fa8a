import { forbidden } from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host') || url.host;
  const proto = (trustProxy && c.req.header('x-forwarded-proto')) || url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

/**
 * Refuses state-changing requests sent by another site. Browsers send Origin on every such
 * request (and Sec-Fetch-Site); callers that send neither are not browsers and carry no
 * ambient cookies to abuse. Paths in `exempt` authenticate otherwise (signed webhooks).
 */
export function csrfGuard(options: {
  allowedOrigins: string[];
  trustProxy: boolean;
  exempt?: string[];
}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.includes(c.req.path)) return next();
    const origin = c.req.header('origin');
    const allowed = new Set([ownOrigin(c, options.trustProxy), ...options.allowedOrigins]);
    if (origin !== undefined) {
      // 'null' (sandboxed frames, some redirects) is never one of ours.
      if (!allowed.has(origin)) throw forbidden('Forbidden: cross-site request refused.');
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      throw forbidden('Forbidden: cross-site request refused.');
    }
    await next();
  };
}
