import { createSessionVerifier, type ServiceApi } from '@uapqa/service-kit';
import type { IdentityDeps } from './deps.js';
import { accountRoutes } from './routes/account.js';
import { accountDataRoutes } from './routes/account-data.js';
import { accountInvitationRoutes } from './routes/account-invitations.js';
import { adminRoutes } from './routes/admin.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { auditRoutes } from './routes/audit.js';
import { expertApplicationRoutes } from './routes/expert-applications.js';
import { expertPageRoutes } from './routes/expert-page.js';
import { expertProfileRoutes } from './routes/expert-profile.js';
import { jwksRoutes } from './routes/jwks.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { publicRoutes } from './routes/public.js';
import { registrationRoutes } from './routes/registration.js';
import { signInRoutes } from './routes/sign-in.js';

export function identityApi(deps: IdentityDeps): ServiceApi {
  return {
    // Identity verifies tokens with its own keys, not through its JWKS route.
    verifier: createSessionVerifier({
      keys: deps.keys.verifyKey,
      revocations: deps.revocations,
    }),
    routes: [
      jwksRoutes(deps),
      registrationRoutes(deps),
      signInRoutes(deps),
      passwordResetRoutes(deps),
      accountRoutes(deps),
      accountDataRoutes(deps),
      publicRoutes(deps),
      expertPageRoutes(deps),
      expertProfileRoutes(deps),
      expertApplicationRoutes(deps),
      accountInvitationRoutes(deps),
      adminUserRoutes(deps),
      auditRoutes(deps),
      adminRoutes(deps),
    ],
  };
}
