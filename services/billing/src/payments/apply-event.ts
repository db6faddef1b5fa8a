import {
  BILLING_STREAM,
  CREDIT_PACKAGES,
  type CreditPackageName,
  CreditsPurchased,
  createEvent,
  type PaymentPurpose,
  SUBSCRIPTION,
  SubscriptionActivated,
  SubscriptionLapsed,
} from '@uapqa/contracts';
import { enqueue, type Transaction } from '@uapqa/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accounts, payments } from '../db/schema.js';
import { type Account, appendEntry, balanceOf, ledgerKeys, lockAccount } from '../ledger.js';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const userIdFrom = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const value = Number(metadata?.userId);
  return Number.isInteger(value) && value > 0 ? value : null;
};

async function accountForCustomer(
  tx: Transaction,
  customerId: string | null,
): Promise<number | null> {
  if (!customerId) return null;
  const [row] = await tx
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(eq(accounts.customerId, customerId));
  return row?.userId ?? null;
}

async function settlePayment(
  tx: Transaction,
  paymentId: string,
  outcome: 'succeeded' | 'failed',
  failureMessage: string | null = null,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: outcome, failureMessage, settledAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/**
 * A payment the provider took: marked paid, or written down when nobody started it here (a
 * renewal charged by Stripe or the local job), so the billing history shows every payment.
 */
async function recordPaid(
  tx: Transaction,
  payment: { id: string; userId: number; purpose: PaymentPurpose; amountCents: number },
): Promise<void> {
  const settledAt = new Date();
  await tx
    .insert(payments)
    .values({ ...payment, status: 'succeeded', settledAt })
    .onConflictDoUpdate({
      target: payments.id,
      set: { status: 'succeeded', failureMessage: null, settledAt },
      // A payment is paid once: a replay keeps the first payment's date.
      setWhere: sql`${payments.status} <> 'succeeded'`,
    });
}

async function creditPack(tx: Transaction, intent: Stripe.PaymentIntent): Promise<void> {
  if (intent.metadata?.kind !== 'credits') return; // a subscription invoice's own intent
  const userId = userIdFrom(intent.metadata);
  const pack = intent.metadata.package as CreditPackageName;
  if (!userId || !(pack in CREDIT_PACKAGES)) {
    throw new Error(`payment intent ${intent.id} lacks the userId/package metadata`);
  }
  await lockAccount(tx, userId);
  const credits = CREDIT_PACKAGES[pack].credits;
  const granted = await appendEntry(tx, {
    userId,
    delta: credits,
    kind: 'purchase',
    key: ledgerKeys.purchase(intent.id),
    reference: pack,
  });
  await recordPaid(tx, {
    id: intent.id,
    userId,
    purpose: pack,
    amountCents: intent.amount_received || intent.amount,
  });
  if (!granted) return;
  await enqueue(
    tx,
    BILLING_STREAM,
    createEvent(CreditsPurchased, {
      userId,
      source: pack,
      credits,
      amountCents: intent.amount_received || intent.amount,
      paymentId: intent.id,
      balance: await balanceOf(tx, userId),
    }),
  );
}

function periodEndOf(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0);
  const end = Math.max(invoice.period_end ?? 0, ...ends);
  return end > 0 ? new Date(end * 1000) : null;
}

/** A paid subscription invoice: the member is active and the period's credits are granted. */
async function activatePeriod(tx: Transaction, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  if (!details) return; // not a subscription invoice
  const customerId = idOf(invoice.customer);
  const userId = userIdFrom(details.metadata) ?? (await accountForCustomer(tx, customerId));
  if (!userId || !invoice.id)
    throw new Error(`invoice ${invoice.id} cannot be matched to a member`);
  const before: Account = await lockAccount(tx, userId);
  const currentPeriodEnd = periodEndOf(invoice);
  await tx
    .update(accounts)
    .set({
      status: 'active',
      subscriptionId: idOf(details.subscription),
      customerId: customerId ?? before.customerId,
      currentPeriodEnd,
      cancelAtPeriodEnd: false,
      lapsedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(accounts.userId, userId));
  const granted = await appendEntry(tx, {
    userId,
    delta: SUBSCRIPTION.creditsPerPeriod,
    kind: 'subscription_credit',
    key: ledgerKeys.subscriptionPeriod(invoice.id),
    reference: idOf(details.subscription) ?? undefined,
  });
  await recordPaid(tx, {
    id: invoice.id,
    userId,
    purpose: 'subscription',
    amountCents: invoice.amount_paid ?? SUBSCRIPTION.priceCents,
  });
  if (before.status !== 'active') {
    await enqueue(
      tx,
      BILLING_STREAM,
      createEvent(SubscriptionActivated, {
        userId,
        currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
        returning: before.lapsedAt !== null,
      }),
    );
  }
  if (granted) {
    await enqueue(
      tx,
      BILLING_STREAM,
      createEvent(CreditsPurchased, {
        userId,
        source: 'subscription',
        credits: SUBSCRIPTION.creditsPerPeriod,
        amountCents: invoice.amount_paid ?? SUBSCRIPTION.priceCents,
        paymentId: invoice.id,
        balance: await balanceOf(tx, userId),
      }),
    );
  }
}

/** The subscription ended: an active member lapses and their balance is frozen. */
async function lapse(tx: Transaction, subscription: Stripe.Subscription, at: Date): Promise<void> {
  const userId =
    userIdFrom(subscription.metadata) ??
    (await accountForCustomer(tx, idOf(subscription.customer)));
  if (!userId) return;
  const account = await lockAccount(tx, userId);
  if (account.subscriptionId && account.subscriptionId !== subscription.id) return; // an older one
  if (account.status === 'active') {
    await tx
      .update(accounts)
      .set({ status: 'lapsed', lapsedAt: at, cancelAtPeriodEnd: false, updatedAt: new Date() })
      .where(eq(accounts.userId, userId));
    await enqueue(
      tx,
      BILLING_STREAM,
      createEvent(SubscriptionLapsed, {
        userId,
        lapsedAt: at.toISOString(),
        frozenCredits: await balanceOf(tx, userId),
      }),
    );
  } else if (account.status === 'incomplete') {
    // Never paid: nothing to freeze, the member simply has no subscription.
    await tx
      .update(accounts)
      .set({
        status: account.lapsedAt ? 'lapsed' : 'none',
        subscriptionId: null,
        updatedAt: new Date(),
      })
      .where(eq(accounts.userId, userId));
  }
}

/**
 * Subscription states in which the member no longer has a subscription: an unpaid first
 * invoice expired, a renewal failed every retry and Stripe marked it `unpaid` (instead of
 * deleting it, as a Stripe account may be set to), or it was cancelled.
 */
const ENDED_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set([
  'incomplete_expired',
  'unpaid',
  'canceled',
]);

/**
 * The subscription changed at Stripe: a cancellation at the period's end was asked or withdrawn
 * (from here or Stripe's own portal), a renewal moved the period, or it ended without being
 * deleted (ENDED_STATUSES: the member lapses as on `customer.subscription.deleted`).
 */
async function subscriptionUpdated(
  tx: Transaction,
  subscription: Stripe.Subscription,
  at: Date,
): Promise<void> {
  if (ENDED_STATUSES.has(subscription.status)) return lapse(tx, subscription, at);
  const userId =
    userIdFrom(subscription.metadata) ??
    (await accountForCustomer(tx, idOf(subscription.customer)));
  if (!userId) return;
  const account = await lockAccount(tx, userId);
  if (account.subscriptionId !== subscription.id || account.status !== 'active') return;
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  await tx
    .update(accounts)
    .set({
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
      ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(accounts.userId, userId));
}

/**
 * Applies one verified Stripe event inside the caller's transaction. Credits and activation come
 * from here only, never from what a browser says.
 */
export async function applyStripeEvent(tx: Transaction, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return creditPack(tx, event.data.object);
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return settlePayment(
        tx,
        intent.id,
        'failed',
        intent.last_payment_error?.message ?? 'Payment failed.',
      );
    }
    case 'invoice.paid':
      return activatePeriod(tx, event.data.object);
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      if (invoice.id) await settlePayment(tx, invoice.id, 'failed', 'Payment failed.');
      return;
    }
    case 'customer.subscription.updated':
      return subscriptionUpdated(tx, event.data.object, new Date(event.created * 1000));
    case 'customer.subscription.deleted':
      return lapse(tx, event.data.object, new Date(event.created * 1000));
    default:
      return;
  }
}
