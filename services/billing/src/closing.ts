import type { Executor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { accounts, payments } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { appendEntry, balanceOf, lockAccount } from './ledger.js';

/**
 * A member closed their account. The subscription ends now (no renewal; the running period is
 * not refunded), the balance is forfeited by one `forfeit` entry so the balance stays the sum of
 * the ledger, and the address billing kept is cleared. Payments and the ledger stay, keyed by
 * the bare user id: receipts must be kept for the tax authorities, and nothing in them names the
 * person any more. Safe to run twice: the entry's key and the `closed` status make it a no-op.
 */
export async function closeBillingAccount(
  tx: Executor,
  deps: Pick<BillingDeps, 'provider'>,
  userId: number,
  closedAt: Date,
): Promise<void> {
  const account = await lockAccount(tx, userId);
  if (account.status === 'closed') return;
  if (account.subscriptionId && (account.status === 'active' || account.status === 'incomplete')) {
    await deps.provider.cancelNow(account.subscriptionId);
  }
  const balance = await balanceOf(tx, userId);
  if (balance > 0) {
    await appendEntry(tx, {
      userId,
      delta: -balance,
      kind: 'forfeit',
      key: `forfeit:${userId}`,
      reference: 'account closed',
    });
  }
  await tx
    .update(accounts)
    .set({
      status: 'closed',
      email: null,
      cancelAtPeriodEnd: false,
      lapsedAt: account.status === 'active' ? closedAt : account.lapsedAt,
      updatedAt: closedAt,
    })
    .where(eq(accounts.userId, userId));
  // A payment never confirmed can no longer be: its secret goes with the member's sessions.
  await tx.update(payments).set({ clientSecret: null }).where(eq(payments.userId, userId));
}
