import type { CreditPackageName } from '@uapqa/contracts';
import { forbidden } from '@uapqa/service-kit';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { type Account, lockAccount } from '../ledger.js';

type PaymentDeps = Pick<BillingDeps, 'db' | 'provider'>;

/**
 * Starts the member's subscription payment: the client secret of the invoice to pay, or null
 * when there is nothing to pay (already subscribed, or paid at the provider with its webhook
 * still on its way). The account lock is held throughout: two presses at once start one
 * subscription.
 */
export async function startSubscription(
  { db, provider }: PaymentDeps,
  userId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (account.status === 'active') return null;
    if (account.status === 'incomplete') {
      // Pressed again, or a card was declined: the same invoice is paid, while it still can be.
      const [open] = await tx
        .select({ id: payments.id, clientSecret: payments.clientSecret })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.purpose, 'subscription'),
            inArray(payments.status, ['pending', 'failed']),
            isNotNull(payments.clientSecret),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      if (open?.clientSecret) {
        const state = await provider.invoiceState(open.id);
        if (state === 'payable') return open.clientSecret;
        // Paid at Stripe, its webhook not here yet: a second subscription would charge twice.
        if (state === 'paid') return null;
      }
    }
    const customerId = account.customerId ?? (await provider.createCustomer(userId, account.email));
    const started = await provider.startSubscription(customerId, userId);
    await tx
      .update(accounts)
      .set({
        status: 'incomplete',
        customerId,
        subscriptionId: started.subscriptionId,
        updatedAt: new Date(),
      })
      .where(eq(accounts.userId, userId));
    await tx.insert(payments).values({
      id: started.paymentId,
      userId,
      purpose: 'subscription',
      amountCents: started.amountCents,
      clientSecret: started.clientSecret,
    });
    return started.clientSecret;
  });
}

async function customerOf({ db, provider }: PaymentDeps, account: Account): Promise<string> {
  if (account.customerId) return account.customerId;
  const customerId = await provider.createCustomer(account.userId, account.email);
  await db.update(accounts).set({ customerId }).where(eq(accounts.userId, account.userId));
  return customerId;
}

/** Starts a credit package payment, for subscribers only (403); answers its client secret. */
export async function startCreditsPurchase(
  deps: PaymentDeps,
  userId: number,
  pack: CreditPackageName,
): Promise<string> {
  const { db, provider } = deps;
  const account = await db.transaction((tx) => lockAccount(tx, userId));
  if (account.status !== 'active') {
    throw forbidden('An active subscription is required to buy credits.');
  }
  const started = await provider.startCreditsPurchase(
    await customerOf(deps, account),
    userId,
    pack,
  );
  await db.insert(payments).values({
    id: started.paymentId,
    userId,
    purpose: pack,
    amountCents: started.amountCents,
    clientSecret: started.clientSecret,
  });
  return started.clientSecret;
}
