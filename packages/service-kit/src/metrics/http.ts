import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { processMetrics, renderMetrics } from './registry.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Requests no route matched (answered by the app's notFound): one label, whatever the path. */
const unmatched = new WeakSet<Context>();
export const UNMATCHED_ROUTE = 'unmatched';

/** Called by the app's notFound handler so the request is counted under `route="unmatched"`. */
export function markUnmatched(c: Context): void {
  unmatched.add(c);
}

/**
 * Counts every request and its duration by service, method, the route *pattern* that answered
 * (Hono's `routePath`, e.g. `/api/questions/:id` or a middleware's `/api/*` when one refused the
 * request) and status class: never the raw path, so the label set stays bounded.
 */
export function httpMetrics(service: string): MiddlewareHandler {
  const metrics = processMetrics();
  return async (c, next) => {
    const started = performance.now();
    await next(); // errors become responses inside (app.onError), so this sees the final status
    const status = c.res.status;
    const labels = {
      service,
      method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
      route: unmatched.has(c) ? UNMATCHED_ROUTE : routePath(c) || UNMATCHED_ROUTE,
      status_class: `${Math.floor(status / 100)}xx`,
    };
    metrics.httpRequests.inc(labels);
    if (status >= 500) metrics.httpErrors.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
  };
}

/** `GET /metrics`: the process's registry in the Prometheus text format. */
export async function metricsEndpoint(c: Context): Promise<Response> {
  const { body, contentType } = await renderMetrics();
  return c.body(body, 200, { 'Content-Type': contentType });
}
