import { createSessionVerifier, type ServiceApi } from '@uapqa/service-kit';
import type { IdentityDeps } from './deps.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { creatorProfileRoutes } from './routes/creator-profile.js';
import { expertApplicationRoutes } from './routes/expert-applications.js';
import { publicRoutes } from './routes/public.js';

export function identityApi(deps: IdentityDeps): ServiceApi {
  return {
    // Identity verifies tokens with its own keys, not through its JWKS route.
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
  };
}
