import { createApiServiceApp, type SessionVerifier } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { NotificationsDeps } from './deps.js';
import { formRoutes } from './routes/forms.js';
import { statsRoutes } from './routes/stats.js';

export function buildNotificationsApp(
  deps: NotificationsDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  return createApiServiceApp({
    name: 'notifications',
    logger: deps.logger,
    readiness,
    verifier,
    // Only the staff routes need to know who calls; the public forms never look.
    sessionPaths: '/api/notifications/*',
    routes: [formRoutes(deps), statsRoutes(deps)],
  });
}
