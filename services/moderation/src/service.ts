import { fileURLToPath } from 'node:url';
import type { ServiceInstance, ServiceStartContext } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';
import { moderationApi } from './app.js';
import type { ModerationConfig } from './config.js';
import * as schema from './db/schema.js';
import type { ModerationDeps } from './deps.js';
import { startConsumers } from './events/consumers.js';

export const MODERATION_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export type ModerationInstance = ServiceInstance;

export async function startModeration(
  options: ServiceStartContext<ModerationConfig>,
): Promise<ModerationInstance> {
  const { config, bus } = options;
  const runtime = await startServiceRuntime({
    ...options,
    name: 'moderation',
    schema,
    migrationsFolder: MODERATION_MIGRATIONS,
  });
  const { db, relay, logger } = runtime;
  const deps: ModerationDeps = { db, config, logger, relay };
  relay.start();
  const consumers = await startConsumers(deps, bus);
  const app = runtime.app(moderationApi(deps));
  return {
    name: 'moderation',
    app,
    async stop() {
      await runtime.stop(consumers);
    },
  };
}
