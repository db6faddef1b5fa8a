import { createApiServiceApp, type SessionVerifier } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { ModerationDeps } from './deps.js';
import { queueRoutes } from './routes/queue.js';

export function buildModerationApp(
  deps: ModerationDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  return createApiServiceApp({
    name: 'moderation',
    logger: deps.logger,
    readiness,
    verifier,
    routes: [queueRoutes(deps)],
  });
}
