import {
  BillingAccount,
  BillingHistory,
  type BillingPayment,
  BillingReceipt,
  CREDIT_PACKAGES,
  type CreditPackageName,
  PaymentIdParam,
  purchaseLabel,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  conflict,
  currentSession,
  notFound,
  readParams,
  requireSession,
  SESSION,
} from '@uapqa/service-kit';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { lockAccount, readAccountSummary } from '../ledger.js';
import { accountBody } from './account.js';

type PaymentRow = typeof payments.$inferSelect;

/** A settled payment as its receipt shows it. */
export function paymentBody(payment: PaymentRow): BillingPayment {
  return {
    id: payment.id,
    purpose: payment.purpose,
    description: purchaseLabel(payment.purpose),
    credits:
      payment.purpose === 'subscription'
        ? SUBSCRIPTION.creditsPerPeriod
        : CREDIT_PACKAGES[payment.purpose as CreditPackageName].credits,
    amountCents: payment.amountCents,
    currency: SUBSCRIPTION.currency,
    paidAt: (payment.settledAt ?? payment.createdAt).toISOString(),
    receiptUrl: null,
  };
}

/**
 * Managing the subscription: cancel at the period's end (it keeps working until then), resume
 * before that date, and the member's paid payments with a receipt for each.
 */
export function subscriptionRoutes({ db, provider }: BillingDeps): Hono {
  const app = new Hono();

  async function setCancel(userId: number, cancel: boolean) {
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

  app.post(
    '/api/billing/subscription/cancel',
    apiDoc({
      operationId: 'cancelSubscription',
      summary: 'Cancel the subscription at the end of the paid period',
      description:
        'It stays active until `currentPeriodEnd`, then lapses (the credits are frozen). Pressing it twice changes nothing.',
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingAccount) },
      errors: [409],
    }),
    requireSession,
    async (c) => c.json(await setCancel(currentSession(c).userId, true)),
  );
  app.post(
    '/api/billing/subscription/resume',
    apiDoc({
      operationId: 'resumeSubscription',
      summary: 'Withdraw a cancellation before the period ends',
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingAccount) },
      errors: [409],
    }),
    requireSession,
    async (c) => c.json(await setCancel(currentSession(c).userId, false)),
  );

  /** Every paid payment of the member, newest first. */
  app.get(
    '/api/billing/payments',
    apiDoc({
      operationId: 'listPayments',
      summary: "The caller's billing history: every paid payment, newest first",
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingHistory) },
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.settledAt));
      return c.json(rows.map(paymentBody));
    },
  );

  /** One payment's receipt; only its payer sees it. */
  app.get(
    '/api/billing/payments/:id',
    apiDoc({
      operationId: 'getPaymentReceipt',
      summary: "The receipt of one of the caller's payments",
      tag: 'billing',
      access: SESSION,
      params: PaymentIdParam,
      ok: { 200: answer(BillingReceipt) },
      errors: [404],
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const { id } = readParams(c, PaymentIdParam);
      const [payment] = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.id, id), eq(payments.userId, userId), eq(payments.status, 'succeeded')),
        );
      if (!payment) throw notFound('No such payment.');
      const [account] = await db.select().from(accounts).where(eq(accounts.userId, userId));
      const receipt: BillingReceipt = {
        ...paymentBody(payment),
        email: account?.email ?? null,
        customerId: account?.customerId ?? null,
      };
      return c.json(receipt);
    },
  );

  return app;
}
