import type { Hono, MiddlewareHandler } from 'hono';
import { sessionMiddleware } from '../auth/middleware.js';
import type { SessionVerifier } from '../auth/session.js';
import { serveOpenApi } from '../openapi/document.js';
import { createServiceApp, type ServiceAppOptions } from './app.js';

export interface ApiServiceAppOptions
  extends Pick<ServiceAppOptions, 'name' | 'logger' | 'readiness'> {
  /** Reads the caller's session token. */
  verifier: SessionVerifier;
  /** The paths whose caller the routes ask about; every `/api` path unless set. */
  sessionPaths?: string;
  /** Runs on every `/api` path once the caller is known, before the routes. */
  apiMiddleware?: MiddlewareHandler;
  /** The service's routes, in the order they are matched. */
  routes: Hono[];
}

/**
 * What a service adds to the app its runtime builds (name, logger and readiness are the
 * runtime's; so is the session verifier unless the service brings its own).
 */
export interface ServiceApi
  extends Omit<ApiServiceAppOptions, 'name' | 'logger' | 'readiness' | 'verifier'> {
  verifier?: SessionVerifier;
}

/**
 * A service's app: the base every service shares (createServiceApp), who calls read from the
 * session on its API paths, its routes, and `GET /openapi.json`, its own document for the
 * gateway's /api/docs.
 */
export function createApiServiceApp(options: ApiServiceAppOptions): Hono {
  const { name, logger, readiness } = options;
  const app = createServiceApp({ name, logger, readiness });
  app.use(options.sessionPaths ?? '/api/*', sessionMiddleware(options.verifier));
  if (options.apiMiddleware) app.use('/api/*', options.apiMiddleware);
  for (const routes of options.routes) app.route('/', routes);
  serveOpenApi(app, name);
  return app;
}
