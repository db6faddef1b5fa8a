import { BillingAccount, BillingHistory, BillingReceipt, PaymentIdParam } from '@uapqa/contracts';
import { currentSession, defineRoute, notFound, response, SESSION } from '@uapqa/service-kit';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { setCancelAtPeriodEnd } from '../cancellation.js';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { paymentBody } from '../shape.js';

/**
 * Managing the subscription: cancel at the period's end (it keeps working until then), resume
 * before that date, and the member's paid payments with a receipt for each.
 */
export function subscriptionRoutes(deps: BillingDeps): Hono {
  const { db } = deps;
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/billing/subscription/cancel',
      operationId: 'cancelSubscription',
      summary: 'Cancel the subscription at the end of the paid period',
      description:
        'It stays active until `currentPeriodEnd`, then lapses (the credits are frozen). Pressing it twice changes nothing.',
      tag: 'billing',
      access: SESSION,
      ok: { 200: response(BillingAccount) },
      errors: [409],
    },
    async (c) => c.json(await setCancelAtPeriodEnd(deps, currentSession(c).userId, true)),
  );
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/billing/subscription/resume',
      operationId: 'resumeSubscription',
      summary: 'Withdraw a cancellation before the period ends',
      tag: 'billing',
      access: SESSION,
      ok: { 200: response(BillingAccount) },
      errors: [409],
    },
    async (c) => c.json(await setCancelAtPeriodEnd(deps, currentSession(c).userId, false)),
  );

  /** Every paid payment of the member, newest first. */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/payments',
      operationId: 'listPayments',
      summary: "The caller's billing history: every paid payment, newest first",
      tag: 'billing',
      access: SESSION,
      ok: { 200: response(BillingHistory) },
    },
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
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/payments/:id',
      operationId: 'getPaymentReceipt',
      summary: "The receipt of one of the caller's payments",
      tag: 'billing',
      access: SESSION,
      params: PaymentIdParam,
      ok: { 200: response(BillingReceipt) },
      errors: [404],
    },
    async (c, { params: { id } }) => {
      const { userId } = currentSession(c);
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
