import type { Transaction } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { accounts, payments } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { lockAccount } from './ledger.js';
import { localPaymentEvent } from './payments/local-events.js';

/**
 * The embedded demo's subscriber (`DEMO_SUBSCRIBER`, the `member` account): when identity
 * announces it, it subscribes and pays through the local provider exactly as the card form
 * would, in the same transaction as the announcement is taken in. Its ledger entry, period,
 * payment and receipt are real, so `/api/user`, the dashboard and the billing history agree,
 * and a newcomer can ask a question at once. Never runs with Stripe: no money may move.
 */
export async function subscribeDemoMember(
  tx: Transaction,
  { provider, webhooks }: Pick<BillingDeps, 'provider' | 'webhooks'>,
  userId: number,
): Promise<boolean> {
  if (provider.kind !== 'local') return false;
  const account = await lockAccount(tx, userId);
  if (account.status !== 'none') return false;
  const customerId = account.customerId ?? (await provider.createCustomer(userId, account.email));
  const started = await provider.startSubscription(customerId, userId);
  const [incomplete] = await tx
    .update(accounts)
    .set({ status: 'incomplete', customerId, subscriptionId: started.subscriptionId })
    .where(eq(accounts.userId, userId))
    .returning();
  const [payment] = await tx
    .insert(payments)
    .values({
      id: started.paymentId,
      userId,
      purpose: 'subscription',
      amountCents: started.amountCents,
      clientSecret: started.clientSecret,
    })
    .returning();
  const payload = JSON.stringify(localPaymentEvent(payment!, incomplete!, 'succeeded'));
  await webhooks.receiveWithin(tx, payload, webhooks.sign(payload));
  return true;
}
