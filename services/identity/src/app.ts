import { createServiceApp, createSessionVerifier, sessionMiddleware } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { IdentityDeps } from './deps.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { creatorProfileRoutes } from './routes/creator-profile.js';
import { expertApplicationRoutes } from './routes/expert-applications.js';
import { publicRoutes } from './routes/public.js';

export function buildIdentityApp(
  deps: IdentityDeps,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  const app = createServiceApp({ name: 'identity', logger: deps.logger, readiness });
  const verifier = createSessionVerifier({
    keys: deps.keys.verifyKey,
    revocations: deps.revocations,
  });
  app.use('/api/*', sessionMiddleware(verifier));
  app.route('/', authRoutes(deps));
  app.route('/', publicRoutes(deps));
  app.route('/', creatorProfileRoutes(deps));
  app.route('/', expertApplicationRoutes(deps));
  app.route('/', adminRoutes(deps));
  return app;
}
