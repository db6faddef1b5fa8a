import type { Executor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { accounts } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { lockAccount } from './ledger.js';

/**
 * An admin suspended the member: the subscription is not renewed, as if the member had
 * cancelled it. The paid period runs out as paid (a suspension is not a refund), and lifting the
 * suspension renews nothing by itself: the member resumes from the billing page, if they wish.
 * Safe to run twice: a subscription already set to end is left as it is.
 */
export async function stopRenewalOnSuspension(
  tx: Executor,
  deps: Pick<BillingDeps, 'provider'>,
  userId: number,
): Promise<void> {
  const account = await lockAccount(tx, userId);
  if (account.status !== 'active' || !account.subscriptionId || account.cancelAtPeriodEnd) return;
  await deps.provider.setCancelAtPeriodEnd(account.subscriptionId, true);
  await tx
    .update(accounts)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
    .where(eq(accounts.userId, userId));
}
