import { randomUUID } from 'node:crypto';
import { addMonths } from '../dates.js';
import type { accounts, payments } from '../db/schema.js';

/**
 * The Stripe events the local provider's payments produce, built as Stripe would build them so
 * the real webhook handler applies them. Never used when Stripe is configured.
 */

export const LOCAL_DECLINE_MESSAGE = 'Your card was declined.';

type Payment = typeof payments.$inferSelect;
type Account = typeof accounts.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function event(type: string, object: Record<string, unknown>, created: Date, id?: string) {
  return {
    id: id ?? `evt_local_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: seconds(created),
    livemode: false,
    data: { object },
  };
}

function invoice(
  invoiceId: string,
  account: Account,
  amountCents: number,
  paid: boolean,
  period: { start: Date; end: Date },
) {
  return {
    id: invoiceId,
    object: 'invoice',
    customer: account.customerId,
    amount_due: amountCents,
    amount_paid: paid ? amountCents : 0,
    status: paid ? 'paid' : 'open',
    period_start: seconds(period.start),
    period_end: seconds(period.start),
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: account.subscriptionId,
        metadata: { userId: String(account.userId) },
      },
    },
    lines: {
      object: 'list',
      data: [{ period: { start: seconds(period.start), end: seconds(period.end) } }],
    },
  };
}

/** The event a card confirmation of this payment would produce. */
export function localPaymentEvent(
  payment: Payment,
  account: Account,
  outcome: 'succeeded' | 'failed',
  now = new Date(),
) {
  if (payment.purpose === 'subscription') {
    return event(
      outcome === 'succeeded' ? 'invoice.paid' : 'invoice.payment_failed',
      invoice(payment.id, account, payment.amountCents, outcome === 'succeeded', {
        start: now,
        end: addMonths(now, 1),
      }),
      now,
    );
  }
  return event(
    outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    {
      id: payment.id,
      object: 'payment_intent',
      amount: payment.amountCents,
      amount_received: outcome === 'succeeded' ? payment.amountCents : 0,
      currency: 'usd',
      customer: account.customerId,
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      metadata: { userId: String(payment.userId), kind: 'credits', package: payment.purpose },
      last_payment_error: outcome === 'failed' ? { message: LOCAL_DECLINE_MESSAGE } : null,
    },
    now,
  );
}

/**
 * A renewal paid at the end of the period: its invoice id and event id name the period, so a
 * second replica renewing the same period at once produces the very same event.
 */
export function localRenewalEvent(account: Account, periodStart: Date, amountCents: number) {
  const invoiceId = `in_local_renewal_${account.subscriptionId}_${seconds(periodStart)}`;
  return event(
    'invoice.paid',
    invoice(invoiceId, account, amountCents, true, {
      start: periodStart,
      end: addMonths(periodStart, 1),
    }),
    periodStart,
    `evt_${invoiceId}`,
  );
}

/** A cancelled subscription reached its period's end (one event per subscription). */
export function localSubscriptionEndedEvent(account: Account, endedAt: Date) {
  return event(
    'customer.subscription.deleted',
    {
      id: account.subscriptionId,
      object: 'subscription',
      customer: account.customerId,
      status: 'canceled',
      metadata: { userId: String(account.userId) },
    },
    endedAt,
    `evt_local_ended_${account.subscriptionId}`,
  );
}
