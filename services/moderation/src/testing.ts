import type { EventBus, FetchImplementation } from '@uapqa/service-kit';
import { moderationConfigSchema } from './config.js';
import { startModeration } from './service.js';

/** Moderation, as integration stacks start it. */
export function moderationForTests(env: Record<string, string> = {}) {
  return {
    name: 'moderation' as const,
    start: ({
      databaseUrl,
      bus,
      identityFetch,
    }: {
      databaseUrl: string | undefined;
      bus: EventBus;
      identityFetch: FetchImplementation;
    }) =>
      startModeration({
        bus,
        identityFetch,
        config: moderationConfigSchema.parse({
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'silent',
          ...env,
        }),
      }),
  };
}
