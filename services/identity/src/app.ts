import { createApiServiceApp, createSessionVerifier } from '@uapqa/service-kit';
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
  return createApiServiceApp({
    name: 'identity',
    logger: deps.logger,
    readiness,
    verifier: createSessionVerifier({
      keys: deps.keys.verifyKey,
      revocations: deps.revocations,
    }),
    routes: [
      authRoutes(deps),
      publicRoutes(deps),
      creatorProfileRoutes(deps),
      expertApplicationRoutes(deps),
      adminRoutes(deps),
    ],
  });
}
