import { randomUUID } from 'node:crypto';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { type BillingAlone, startBilling } from './harness.js';
import { startStripeDouble } from './stripe-double.js';

const signer = new Stripe('sk_test_signer');

/** A Stripe event as a webhook delivers it: `type` about `object`, with an id of its own. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = new Date()) {
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    data: { object },
  };
}

/** An invoice of `subscriptionId` (its metadata names `userId`), for a month from now. */
export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  invoiceId: string,
  userId: number,
  subscriptionId: string,
) {
  const now = Math.floor(Date.now() / 1000);
  return stripeEvent(type, {
    id: invoiceId,
    object: 'invoice',
    amount_paid: type === 'invoice.paid' ? 1000 : 0,
    period_end: now,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: { userId: String(userId) } },
    },
    lines: { object: 'list', data: [{ period: { start: now, end: now + 30 * 24 * 3600 } }] },
  });
}

/** The invoice whose payment intent's client secret the double handed out. */
export const invoiceOf = (clientSecret: string) =>
  /^pi_for_(in_\w+)_secret/.exec(clientSecret)![1]!;

export interface StripeBilling {
  stack: BillingAlone;
  double: Awaited<ReturnType<typeof startStripeDouble>>;
  /** Posts `event` to the webhook, signed with `secret` (by default the stack's own). */
  sendWebhook(event: object, secret?: string): Promise<Response>;
  stop(): Promise<void>;
}

/** Billing on `backend` with the Stripe adapter against a new double; webhooks use `webhookSecret`. */
export async function startStripeBilling(
  backend: Backend,
  webhookSecret: string,
): Promise<StripeBilling> {
  const double = await startStripeDouble();
  const stack = await startBilling(backend, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    STRIPE_API_URL: double.url,
  });
  return {
    stack,
    double,
    async sendWebhook(event, secret = webhookSecret) {
      const payload = JSON.stringify(event);
      return stack.billing.app.request('http://localhost/api/billing/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
        body: payload,
      });
    },
    async stop() {
      await stack.stop();
      await double.close();
    },
  };
}

/**
 * A new member whose subscription `<subscriptionPrefix>_<userId>` Stripe reported paid (the
 * webhook answered 200).
 */
export async function subscribedMember(
  billing: StripeBilling,
  subscriptionPrefix: string,
): Promise<{ browser: Browser; userId: number; subscriptionId: string }> {
  const { browser, userId } = await billing.stack.member();
  const { clientSecret } = await (await browser.post('/api/create-subscription')).json();
  const subscriptionId = `${subscriptionPrefix}_${userId}`;
  const paid = invoiceEvent('invoice.paid', invoiceOf(clientSecret), userId, subscriptionId);
  expect((await billing.sendWebhook(paid)).status).toBe(200);
  return { browser, userId, subscriptionId };
}
