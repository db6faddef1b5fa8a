import { randomUUID } from 'node:crypto';
import {
  CREDIT_RESERVE_SUBJECT,
  type CreditReservationReply,
  FROZEN_CREDITS_MONTHS,
} from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/routes/account.js';
import { type BillingAlone, currentUser } from './harness.js';
import {
  invoiceEvent,
  type StripeBilling,
  startStripeBilling,
  stripeEvent,
  subscribedMember,
} from './stripe-billing.js';

const WEBHOOK_SECRET = 'whsec_test_double_secret';

describe.each(testBackends())('Stripe adapter against a local API double ($name)', (backend) => {
  let stack: BillingAlone;
  let double: StripeBilling['double'];
  let sendWebhook: StripeBilling['sendWebhook'];
  const subscribed = () => subscribedMember(billing, 'sub_test');

  const billing = stackForSuite(() => startStripeBilling(backend, WEBHOOK_SECRET));
  beforeAll(async () => {
    ({ stack, double, sendWebhook } = billing);
  });

  it('creates a customer and an incomplete monthly subscription whose invoice secret goes to the browser', async () => {
    const { browser, userId } = await stack.member();
    const response = await browser.post('/api/create-subscription');
    expect(response.status).toBe(200);
    const { clientSecret } = await response.json();
    expect(clientSecret).toMatch(/^pi_for_in_\w+_secret_x$/);

    const [customer] = double
      .callsTo('/v1/customers')
      .filter((call) => call.params['metadata[userId]'] === String(userId));
    expect(customer?.idempotencyKey).toBe(`customer-${userId}`);
    expect(customer?.authorization).toBe('Bearer sk_test_double');
    const subscription = double.callsTo('/v1/subscriptions').at(-1)!;
    expect(subscription.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      'metadata[userId]': String(userId),
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    const [price] = double.callsTo('/v1/prices').filter((call) => call.method === 'POST');
    expect(price?.params).toMatchObject({
      unit_amount: '1000',
      currency: 'usd',
      'recurring[interval]': 'month',
    });
    // Nothing is granted on the browser's word: still inactive until Stripe says the invoice is paid.
    expect(await currentUser(browser)).toMatchObject({
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    });
  });

  it('activates with 3 credits on a verified invoice.paid, once however often it is replayed', async () => {
    const { browser, userId } = await stack.member();
    const event = invoiceEvent('invoice.paid', `in_test_${userId}`, userId, `sub_test_${userId}`);
    const first = await sendWebhook(event);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await currentUser(browser)).toMatchObject({
      subscriptionStatus: 'active',
      foiaCredits: 3,
    });
    const replay = await sendWebhook(event);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // The same invoice in a new event (Stripe retries with new ids too) grants nothing more.
    await sendWebhook({ ...event, id: `evt_again_${userId}` });
    expect((await currentUser(browser)).foiaCredits).toBe(3);
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing', async () => {
    const { browser, userId } = await stack.member();
    const forged = await sendWebhook(
      invoiceEvent('invoice.paid', `in_forged_${userId}`, userId, 'sub_forged'),
      'whsec_wrong',
    );
    expect(forged.status).toBe(400);
    // A short fixed answer: no SDK wording, no stack, nothing of the request echoed.
    expect(await forged.json()).toEqual({ message: 'Invalid signature.' });
    const unsigned = await stack.billing.app.request('http://localhost/api/billing/webhook', {
      method: 'POST',
      body: JSON.stringify(invoiceEvent('invoice.paid', `in_unsigned_${userId}`, userId, 'sub_x')),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'Missing Stripe-Signature header.' });
    expect(await currentUser(browser)).toMatchObject({
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    });
  });

  it('sells a credit pack through a PaymentIntent with metadata, credited on payment_intent.succeeded', async () => {
    const { browser, userId } = await subscribed();
    const response = await browser.post('/api/purchase-credits', { package: 'bulk' });
    const { clientSecret } = await response.json();
    const intent = double.callsTo('/v1/payment_intents').at(-1)!;
    expect(intent.params).toMatchObject({
      amount: '5000',
      currency: 'usd',
      'metadata[userId]': String(userId),
      'metadata[kind]': 'credits',
      'metadata[package]': 'bulk',
    });
    const intentId = clientSecret.replace(/_secret_x$/, '');
    const succeeded = stripeEvent('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount: 5000,
      amount_received: 5000,
      metadata: { userId: String(userId), kind: 'credits', package: 'bulk' },
    });
    await sendWebhook(succeeded);
    await sendWebhook(succeeded);
    expect((await currentUser(browser)).foiaCredits).toBe(13);
  });

  it('freezes credits on lapse, keeps them for a return within 6 months, expires them after', async () => {
    const returning = await subscribed();
    const leaving = await subscribed();
    for (const member of [returning, leaving]) {
      const lapsedAt =
        member === leaving ? new Date(Date.now() - 200 * 24 * 3600 * 1000) : new Date();
      await sendWebhook(
        stripeEvent(
          'customer.subscription.deleted',
          {
            id: member.subscriptionId,
            object: 'subscription',
            metadata: { userId: String(member.userId) },
          },
          lapsedAt,
        ),
      );
      expect(await currentUser(member.browser)).toMatchObject({
        subscriptionStatus: 'inactive',
        foiaCredits: 3,
      });
      // The member's own account page says when the frozen credits go.
      const account = await (await member.browser.get('/api/billing/account')).json();
      expect(account).toMatchObject({ subscriptionStatus: 'inactive', foiaCredits: 3 });
      expect(Math.abs(new Date(account.lapsedAt).getTime() - lapsedAt.getTime())).toBeLessThan(
        1000,
      );
      expect(account.creditsExpireAt).toBe(
        addMonths(new Date(account.lapsedAt), FROZEN_CREDITS_MONTHS).toISOString(),
      );
    }
    const refused = await stack.bus.request<CreditReservationReply>(CREDIT_RESERVE_SUBJECT, {
      userId: returning.userId,
      questionId: randomUUID(),
    });
    expect(refused).toMatchObject({ ok: false, reason: 'subscription_required' });

    // Several replicas running the job at once expire each lapse once.
    await Promise.all([stack.billing.expireFrozenCredits(), stack.billing.expireFrozenCredits()]);
    await stack.billing.expireFrozenCredits();
    expect((await currentUser(leaving.browser)).foiaCredits).toBe(0);
    expect((await currentUser(returning.browser)).foiaCredits).toBe(3);

    const id = returning.userId;
    await sendWebhook(invoiceEvent('invoice.paid', `in_return_${id}`, id, `sub_return_${id}`));
    expect(await currentUser(returning.browser)).toMatchObject({
      subscriptionStatus: 'active',
      foiaCredits: 6,
    });
  });

  it('hides the local confirmation route and publishes the Stripe key', async () => {
    const { browser } = await stack.member();
    const confirm = await browser.post('/api/billing/local/confirm', {
      clientSecret: 'x',
      outcome: 'succeeded',
    });
    expect(confirm.status).toBe(404);
    expect(await (await stack.visitor().get('/api/billing/config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_double',
    });
  });
});
