import { Hono, type MiddlewareHandler } from 'hono';
import { ZodError } from 'zod';
import { postgresError } from '../db/errors.js';
import { HttpError, validationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { httpMetrics, markUnmatched, metricsEndpoint } from '../metrics/http.js';
import { responseHeaders } from './response-headers.js';

declare module 'hono' {
  interface ContextVariableMap {
    logger: Logger;
    /** The caller's X-Request-Id when it is well formed, else a new UUID. */
    requestId: string;
  }
}

export type ReadinessCheck = () => Promise<boolean>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Named dependency checks for /ready (db, bus, upstreams…). */
  readiness?: Record<string, ReadinessCheck>;
  /**
   * Runs before `GET /metrics` answers (the gateway's access rule). Services leave it unset:
   * their port is internal.
   */
  metricsGuard?: MiddlewareHandler;
  /** Runs first on every request, `/health` and `/ready` included (the gateway's headers). */
  first?: MiddlewareHandler[];
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The base of every service and the gateway: request ids, one JSON log line per request,
 * `{ message }` error bodies without stack traces, `/health`, `/ready` and `/metrics`
 * (Prometheus: request counts, errors and durations per route pattern, see ../metrics).
 */
export function createServiceApp(options: ServiceAppOptions): Hono {
  const app = new Hono();
  app.use(responseHeaders);
  for (const middleware of options.first ?? []) app.use(middleware);
  app.use(httpMetrics(options.name));
  app.use(async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    // On the answer whoever builds it: a forwarded service's own id (the same one) wins.
    c.get('responseHeaders').unlessPresent['x-request-id'] = id;
    const logger = options.logger.child({ requestId: id });
    c.set('logger', logger);
    const started = performance.now();
    await next();
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    };
    if (c.res.status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      const retryAfter = error.extra.retryAfterSeconds;
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json(error.toJSON(), error.status);
    }
    if (error instanceof ZodError) {
      const http = validationError(error);
      return c.json(http.toJSON(), http.status);
    }
    // Hono's own HTTPException (body limit, etc.) carries a status meant for the client.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return c.json({ message: error.message || 'Bad request.' }, status as 400);
    }
    // SQLSTATE class 22 (data exception): a value PostgreSQL refused, such as a number out of
    // its column's range that validation let through. The client's input, not a server fault.
    if (postgresError(error)?.code.startsWith('22')) {
      (c.get('logger') ?? options.logger).warn({ err: error }, 'value refused by the database');
      return c.json({ message: 'A value in the request is out of range or malformed.' }, 400);
    }
    (c.get('logger') ?? options.logger).error({ err: error }, 'unhandled error');
    return c.json({ message: 'Internal server error.' }, 500);
  });

  app.notFound((c) => {
    markUnmatched(c);
    return c.json({ message: `No route for ${c.req.method} ${c.req.path}.` }, 404);
  });

  app.get('/health', (c) => c.json({ status: 'ok', service: options.name }));
  app.get('/ready', async (c) => {
    const checks: Record<string, boolean> = {};
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        checks[name] = await check().catch(() => false);
      }),
    );
    const ready = Object.values(checks).every(Boolean);
    return c.json(
      { status: ready ? 'ready' : 'not ready', service: options.name, checks },
      ready ? 200 : 503,
    );
  });
  if (options.metricsGuard) app.get('/metrics', options.metricsGuard, metricsEndpoint);
  else app.get('/metrics', metricsEndpoint);
  return app;
}
