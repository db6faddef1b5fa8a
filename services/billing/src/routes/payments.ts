import {
  ALREADY_SUBSCRIBED,
  BillingConfig,
  PaymentStart,
  PurchaseCreditsBody,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  currentSession,
  forbidden,
  PUBLIC,
  readJson,
  requireSession,
  SESSION,
} from '@uapqa/service-kit';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { type Account, lockAccount } from '../ledger.js';

export function paymentRoutes({ db, provider }: BillingDeps): Hono {
  const app = new Hono();

  app.get(
    '/api/billing/config',
    apiDoc({
      operationId: 'getBillingConfig',
      summary: 'Payment provider and its publishable key',
      tag: 'billing',
      access: PUBLIC,
      ok: { 200: answer(BillingConfig) },
    }),
    (c) => c.json({ provider: provider.kind, publishableKey: provider.publishableKey }),
  );

  async function customerOf(account: Account): Promise<string> {
    if (account.customerId) return account.customerId;
    const customerId = await provider.createCustomer(account.userId, account.email);
    await db.update(accounts).set({ customerId }).where(eq(accounts.userId, account.userId));
    return customerId;
  }

  app.post(
    '/api/create-subscription',
    apiDoc({
      operationId: 'createSubscription',
      summary: 'Start the subscription payment',
      tag: 'billing',
      access: SESSION,
      ok: {
        200: answer(PaymentStart, '`clientSecret` to confirm, or `error` when already subscribed.'),
      },
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      // The account lock is held throughout: two presses at once start one subscription.
      const clientSecret = await db.transaction(async (tx) => {
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
        const customerId =
          account.customerId ?? (await provider.createCustomer(userId, account.email));
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
      if (!clientSecret) return c.json({ error: { message: ALREADY_SUBSCRIBED } });
      return c.json({ clientSecret });
    },
  );

  app.post(
    '/api/purchase-credits',
    apiDoc({
      operationId: 'purchaseCredits',
      summary: 'Start a credit package payment',
      tag: 'billing',
      access: SESSION,
      body: PurchaseCreditsBody,
      ok: { 200: answer(PaymentStart) },
      errors: [403],
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const { package: pack } = await readJson(c, PurchaseCreditsBody);
      const account = await db.transaction((tx) => lockAccount(tx, userId));
      if (account.status !== 'active') {
        throw forbidden('An active subscription is required to buy credits.');
      }
      const started = await provider.startCreditsPurchase(await customerOf(account), userId, pack);
      await db.insert(payments).values({
        id: started.paymentId,
        userId,
        purpose: pack,
        amountCents: started.amountCents,
        clientSecret: started.clientSecret,
      });
      return c.json({ clientSecret: started.clientSecret });
    },
  );

  return app;
}
