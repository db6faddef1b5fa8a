import { createServiceApp, type SessionVerifier, sessionMiddleware } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { NotificationsDeps } from './deps.js';
import { formRoutes } from './routes/forms.js';
import { statsRoutes } from './routes/stats.js';

export function buildNotificationsApp(
  deps: NotificationsDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  const app = createServiceApp({ name: 'notifications', logger: deps.logger, readiness });
  // Only the staff routes need to know who calls; the public forms never look.
  app.use('/api/notifications/*', sessionMiddleware(verifier));
  app.route('/', formRoutes(deps));
  app.route('/', statsRoutes(deps));
  return app;
}
