import { type Logger, scheduleAtEarliest, type TimedJob } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import { lte, min } from 'drizzle-orm';
import { decisions } from '../db/schema.js';
import { announce, held } from '../decisions/hold.js';

/**
 * Announces every held decision whose hold has ended by `now`, in one transaction: each is
 * claimed once (see `announce`), so several replicas releasing at the same moment send each
 * decision once. Returns how many were announced; the caller kicks the relay.
 */
export async function releaseDecisions(db: Database, now = new Date()): Promise<number> {
  return db.transaction((tx) => announce(tx, lte(decisions.releaseAt, now)));
}

/** When the earliest held decision is due, if any is held. */
async function nextRelease(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ releaseAt: min(decisions.releaseAt) })
    .from(decisions)
    .where(held);
  return row?.releaseAt ? new Date(row.releaseAt) : null;
}

/**
 * Announces a decision when its hold ends rather than at the next sweep (see
 * `scheduleAtEarliest`): the release claims each decision once, so every replica may fire.
 */
export function scheduleRelease(
  db: Database,
  relay: OutboxRelay,
  intervalMs: number,
  logger: Logger,
): TimedJob {
  return scheduleAtEarliest({
    next: () => nextRelease(db),
    run: () =>
      releaseDecisions(db)
        .then((count) => {
          if (count === 0) return;
          logger.info({ count }, 'decisions announced');
          relay.kick();
        })
        .catch((error) => logger.warn({ err: error }, 'decision release failed')),
    intervalMs,
    logger,
    what: 'decision release',
  });
}
