import { fileURLToPath } from 'node:url';
import type { ServiceInstance, ServiceStartContext, TimedJob } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';
import { questionsApi } from './app.js';
import { archivePages, readArchivePage } from './archive-pages.js';
import type { QuestionsConfig } from './config.js';
import * as schema from './db/schema.js';
import type { QuestionsDeps } from './deps.js';
import { startConsumers } from './events/consumers.js';
import { scheduleOverdue, sweepOverdue } from './jobs/overdue.js';
import { scheduleReservationSweep, sweepReservations } from './jobs/reservations.js';
import { publicLists } from './public-lists.js';
import { seedDemoArchive, seedTaxonomy } from './seed.js';

export const QUESTIONS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface QuestionsInstance extends ServiceInstance {
  /**
   * Runs the overdue sweep now (it also runs at each answer deadline, at start, and every
   * OVERDUE_SWEEP_MS).
   */
  sweepOverdue(now?: Date): Promise<number>;
  /**
   * Releases the credit of every reservation left behind by an ask that never stored its
   * question and older than RESERVATION_ORPHAN_MS at `now`; returns how many were settled (it
   * also runs every RESERVATION_SWEEP_MS).
   */
  sweepReservations(now?: Date): Promise<number>;
  /** Resolves once the demo archive is in place (embedded mode). */
  seeded: Promise<boolean>;
}

export async function startQuestions(
  options: ServiceStartContext<QuestionsConfig>,
): Promise<QuestionsInstance> {
  const { config, bus } = options;
  const runtime = await startServiceRuntime({
    ...options,
    name: 'questions',
    schema,
    migrationsFolder: QUESTIONS_MIGRATIONS,
  });
  const { db, relay, logger } = runtime;
  const archive = archivePages((query) => readArchivePage(db, query), {
    ttlMs: config.ARCHIVE_CACHE_MS,
    maxChars: config.ARCHIVE_CACHE_MB * 2 ** 20,
  });
  let overdue: TimedJob | undefined;
  const deps: QuestionsDeps = {
    db,
    config,
    logger,
    relay,
    bus,
    archivePages: archive,
    lists: publicLists(db, config.ARCHIVE_CACHE_MS),
    deadlines: { changed: () => overdue?.rearm() },
  };
  if (config.SEED_DEMO) await seedTaxonomy(db);
  relay.start();
  const consumers = await startConsumers(deps, bus);
  overdue = scheduleOverdue(db, relay, config.OVERDUE_SWEEP_MS, logger);
  const stopReservationSweep = scheduleReservationSweep(deps);
  const seeded = config.SEED_DEMO
    ? seedDemoArchive(db, logger).then(
        (created) => {
          if (created) {
            archive.changed();
            relay.kick();
          }
          return created;
        },
        (error) => {
          logger.warn({ err: error }, 'demo archive not created');
          return false;
        },
      )
    : Promise.resolve(false);

  const app = runtime.app(questionsApi(deps));
  return {
    name: 'questions',
    app,
    seeded,
    async sweepOverdue(now) {
      const count = await sweepOverdue(db, now);
      relay.kick();
      overdue?.rearm();
      return count;
    },
    sweepReservations: (now) => sweepReservations(deps, now),
    async stop() {
      overdue?.stop();
      await stopReservationSweep();
      await seeded;
      await runtime.stop(consumers);
    },
  };
}
