import type { EventBus, FetchImplementation } from '@uapqa/service-kit';
import { billingConfigSchema } from './config.js';
import { startBilling } from './service.js';

/** Billing (local payments unless `env` says otherwise), as integration stacks start it. */
export function billingForTests(env: Record<string, string> = {}) {
  return {
    name: 'billing' as const,
    start: ({
      databaseUrl,
      bus,
      identityFetch,
    }: {
      databaseUrl: string | undefined;
      bus: EventBus;
      identityFetch: FetchImplementation;
    }) =>
      startBilling({
        bus,
        identityFetch,
        config: billingConfigSchema.parse({
          DATABASE_URL: databaseUrl,
          PAYMENT_PROVIDER: 'local',
          LOG_LEVEL: 'silent',
          EXPIRY_INTERVAL_MS: '3600000',
          ...env,
        }),
      }),
  };
}
