import { fileURLToPath } from 'node:url';
import type { ServiceInstance, ServiceStartContext, TimedJob } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';
import { moderationApi } from './app.js';
import type { ModerationConfig } from './config.js';
import * as schema from './db/schema.js';
import type { ModerationDeps } from './deps.js';
import { startConsumers } from './events/consumers.js';
import { releaseDecisions, scheduleRelease } from './jobs/release.js';

export const MODERATION_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface ModerationInstance extends ServiceInstance {
  /**
   * Announces now every held decision whose hold has ended by `now` (it also runs when the
   * earliest hold ends, at start, and every DECISION_RELEASE_SWEEP_MS); returns how many.
   */
  releaseDecisions(now?: Date): Promise<number>;
}

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
  let releases: TimedJob | undefined;
  const deps: ModerationDeps = {
    db,
    config,
    logger,
    relay,
    releases: { changed: () => releases?.rearm() },
  };
  relay.start();
  const consumers = await startConsumers(deps, bus);
  releases = scheduleRelease(db, relay, config.DECISION_RELEASE_SWEEP_MS, logger);
  const app = runtime.app(moderationApi(deps));
  return {
    name: 'moderation',
    app,
    async releaseDecisions(now) {
      const count = await releaseDecisions(db, now);
      relay.kick();
      releases?.rearm();
      return count;
    },
    async stop() {
      releases?.stop();
      await runtime.stop(consumers);
    },
  };
}
