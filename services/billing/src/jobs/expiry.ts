import { FROZEN_CREDITS_MONTHS } from '@uapqa/contracts';
import type { Logger } from '@uapqa/service-kit';
import type { Database } from '@uapqa/service-kit/db';
import { and, isNotNull, lte, ne } from 'drizzle-orm';
import { accounts } from '../db/schema.js';
import { appendEntry, balanceOf, ledgerKeys, lockAccount } from '../ledger.js';

/**
 * Credits frozen by a lapse expire 6 months after it unless the member came back. One `expiry`
 * entry per lapse (its key names the lapse), taken under the account lock: running this on
 * several replicas at once, or twice, expires nothing twice.
 */
export async function expireFrozenCredits(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - FROZEN_CREDITS_MONTHS);
  const due = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(
      and(
        ne(accounts.status, 'active'),
        isNotNull(accounts.lapsedAt),
        lte(accounts.lapsedAt, cutoff),
      ),
    );
  let expired = 0;
  for (const { userId } of due) {
    const done = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, userId);
      if (account.status === 'active' || !account.lapsedAt || account.lapsedAt > cutoff)
        return false;
      const balance = await balanceOf(tx, userId);
      if (balance <= 0) return false;
      return appendEntry(tx, {
        userId,
        delta: -balance,
        kind: 'expiry',
        key: ledgerKeys.expiry(userId, account.lapsedAt),
      });
    });
    if (done) expired++;
  }
  return expired;
}

export function scheduleExpiry(db: Database, intervalMs: number, logger: Logger): () => void {
  const run = () =>
    expireFrozenCredits(db)
      .then((count) => count > 0 && logger.info({ count }, 'expired frozen credits'))
      .catch((error) => logger.warn({ err: error }, 'credit expiry run failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
