import { createServiceApp, type SessionVerifier, sessionMiddleware } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { ModerationDeps } from './deps.js';
import { queueRoutes } from './routes/queue.js';

export function buildModerationApp(
  deps: ModerationDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  const app = createServiceApp({ name: 'moderation', logger: deps.logger, readiness });
  app.use('/api/*', sessionMiddleware(verifier));
  app.route('/', queueRoutes(deps));
  return app;
}
