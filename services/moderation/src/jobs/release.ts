import type { Logger } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import { lte, min } from 'drizzle-orm';
import { decisions } from '../db/schema.js';
import { announce, held } from '../decisions/hold.js';

/** setTimeout's longest delay; a later release is re-armed for when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

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

export interface ReleaseSchedule {
  /** Looks up the next release again (after a decision, an undo or a release). */
  rearm(): void;
  stop(): void;
}

/**
 * Announces a decision when its hold ends rather than at the next sweep: a timer set for the
 * earliest release, re-armed whenever it may have moved, and a release at start for whatever
 * fell due while the service was down. The release every `intervalMs` stays as a backstop for
 * decisions another replica took and then stopped. Every replica may fire at once: the release
 * claims each decision once.
 */
export function scheduleRelease(
  db: Database,
  relay: OutboxRelay,
  intervalMs: number,
  logger: Logger,
): ReleaseSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let arming = 0;

  const release = () =>
    releaseDecisions(db)
      .then((count) => {
        if (count === 0) return;
        logger.info({ count }, 'decisions announced');
        relay.kick();
      })
      .catch((error) => logger.warn({ err: error }, 'decision release failed'));

  const rearm = () => {
    if (stopped) return;
    const attempt = ++arming;
    nextRelease(db)
      .then((releaseAt) => {
        // A later call has looked again in the meantime: its answer wins.
        if (stopped || attempt !== arming) return;
        clearTimeout(timer);
        timer = undefined;
        if (!releaseAt) return;
        const delay = Math.min(Math.max(0, releaseAt.getTime() - Date.now()), LONGEST_TIMER_MS);
        timer = setTimeout(() => {
          timer = undefined;
          void release().then(rearm);
        }, delay);
        timer.unref();
      })
      .catch((error) => logger.warn({ err: error }, 'next decision release not found'));
  };

  const interval = setInterval(() => void release().then(rearm), intervalMs);
  interval.unref();
  void release().then(rearm);
  return {
    rearm,
    stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(timer);
    },
  };
}
