import type { EventBus } from '@uapqa/service-kit';
import { identityConfigSchema } from './config.js';
import { startIdentity } from './service.js';

/** Identity with the demo accounts, as other packages' integration stacks start it. */
export function identityForTests(demoPassword: string, env: Record<string, string> = {}) {
  return {
    name: 'identity' as const,
    start: ({ databaseUrl, bus }: { databaseUrl: string | undefined; bus: EventBus }) =>
      startIdentity({
        bus,
        config: identityConfigSchema.parse({
          DATABASE_URL: databaseUrl,
          SEED_DEMO: 'true',
          DEMO_PASSWORD: demoPassword,
          LOG_LEVEL: 'silent',
          ...env,
        }),
      }),
  };
}
