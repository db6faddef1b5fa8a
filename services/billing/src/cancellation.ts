import type { BillingAccount } from '@uapqa/contracts';
import { conflict } from '@uapqa/service-kit';
import { eq } from 'drizzle-orm';
import { accounts } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { lockAccount, readAccountSummary } from './ledger.js';
import { accountBody } from './shape.js';

/**
 * Cancels the subscription at the end of the paid period (it keeps working until then), or
 * withdraws the cancellation before that date. Pressing twice changes nothing; answers the
 * account as it now is.
 */
export async function setCancelAtPeriodEnd(
  { db, provider }: Pick<BillingDeps, 'db' | 'provider'>,
  userId: number,
  cancel: boolean,
): Promise<BillingAccount> {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (account.status !== 'active' || !account.subscriptionId) {
      throw conflict('There is no active subscription to change.');
    }
    if (account.cancelAtPeriodEnd === cancel) return; // pressed twice: already so
    if (!cancel && account.currentPeriodEnd && account.currentPeriodEnd <= new Date()) {
      throw conflict('This subscription has already ended; subscribe again instead.');
    }
    // Stripe first: if it refuses, nothing changes here either.
    await provider.setCancelAtPeriodEnd(account.subscriptionId, cancel);
    await tx
      .update(accounts)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
      .where(eq(accounts.userId, userId));
  });
  return accountBody(await readAccountSummary(db, userId));
}
