import type { EventBus, FetchImplementation } from '@uapqa/service-kit';
import { questionsConfigSchema } from './config.js';
import { startQuestions } from './service.js';

/** Questions (taxonomy seeded, demo archive unless `env` says otherwise), as integration stacks start it. */
export function questionsForTests(env: Record<string, string> = {}) {
  return {
    name: 'questions' as const,
    start: ({
      databaseUrl,
      bus,
      identityFetch,
    }: {
      databaseUrl: string | undefined;
      bus: EventBus;
      identityFetch: FetchImplementation;
    }) =>
      startQuestions({
        bus,
        identityFetch,
        config: questionsConfigSchema.parse({
          DATABASE_URL: databaseUrl,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'silent',
          ...env,
        }),
      }),
  };
}
