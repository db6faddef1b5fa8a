import { randomUUID } from 'node:crypto';
import { CREDIT_PACKAGES, LocalConfirmBody } from '@uapqa/contracts';
import { conflict, currentSession, notFound, readJson, requireSession } from '@uapqa/service-kit';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';

export const LOCAL_DECLINE_MESSAGE = 'Your card was declined.';

type Payment = typeof payments.$inferSelect;

/** The Stripe event a real payment of this kind would produce. */
function stripeShapedEvent(
  payment: Payment,
  account: typeof accounts.$inferSelect,
  outcome: 'succeeded' | 'failed',
) {
  const now = Math.floor(Date.now() / 1000);
  const metadata = { userId: String(payment.userId) };
  let type: string;
  let object: Record<string, unknown>;
  if (payment.purpose === 'subscription') {
    type = outcome === 'succeeded' ? 'invoice.paid' : 'invoice.payment_failed';
    const periodEnd = new Date();
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    object = {
      id: payment.id,
      object: 'invoice',
      customer: account.customerId,
      amount_due: payment.amountCents,
      amount_paid: outcome === 'succeeded' ? payment.amountCents : 0,
      status: outcome === 'succeeded' ? 'paid' : 'open',
      period_start: now,
      period_end: now,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: account.subscriptionId, metadata },
      },
      lines: {
        object: 'list',
        data: [{ period: { start: now, end: Math.floor(periodEnd.getTime() / 1000) } }],
      },
    };
  } else {
    type = outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
    object = {
      id: payment.id,
      object: 'payment_intent',
      amount: payment.amountCents,
      amount_received: outcome === 'succeeded' ? payment.amountCents : 0,
      currency: 'usd',
      customer: account.customerId,
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      metadata: { ...metadata, kind: 'credits', package: payment.purpose },
      last_payment_error: outcome === 'failed' ? { message: LOCAL_DECLINE_MESSAGE } : null,
    };
  }
  return {
    id: `evt_local_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: now,
    livemode: false,
    data: { object },
  };
}

/**
 * The local provider's stand-in for the card form: confirms or declines one of the caller's
 * pending payments by sending the matching signed event through the real webhook handler.
 * Mounted only when no Stripe keys are configured.
 */
export function localConfirmRoutes({ db, webhooks }: BillingDeps): Hono {
  const app = new Hono();
  app.post('/api/billing/local/confirm', requireSession, async (c) => {
    const { userId } = currentSession(c);
    const { clientSecret, outcome } = await readJson(c, LocalConfirmBody);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.clientSecret, clientSecret));
    if (!payment || payment.userId !== userId) throw notFound('No such payment.');
    if (payment.status !== 'pending') throw conflict(`This payment has already ${payment.status}.`);
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, userId));
    const payload = JSON.stringify(stripeShapedEvent(payment, account!, outcome));
    await webhooks.receive(payload, webhooks.sign(payload));
    if (outcome === 'failed') {
      return c.json({ status: 'failed', error: { message: LOCAL_DECLINE_MESSAGE } });
    }
    const credits =
      payment.purpose === 'subscription' ? undefined : CREDIT_PACKAGES[payment.purpose].credits;
    return c.json({ status: 'succeeded', ...(credits ? { credits } : {}) });
  });
  return app;
}
