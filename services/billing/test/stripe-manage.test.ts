import {
  AccountClosed,
  BILLING_STREAM,
  BillingAccount,
  BillingHistory,
  createEvent,
  IDENTITY_STREAM,
  SubscriptionLapsed,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BillingAlone, currentUser } from './harness.js';
import {
  invoiceEvent,
  invoiceOf,
  type StripeBilling,
  startStripeBilling,
  stripeEvent,
  subscribedMember,
} from './stripe-billing.js';

const WEBHOOK_SECRET = 'whsec_test_manage_secret';

function intentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intentId: string,
  userId: number,
  pack: 'small' | 'bulk',
) {
  const amount = pack === 'small' ? 2500 : 5000;
  return stripeEvent(type, {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: type === 'payment_intent.succeeded' ? amount : 0,
    status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
    metadata: { userId: String(userId), kind: 'credits', package: pack },
    last_payment_error:
      type === 'payment_intent.payment_failed' ? { message: 'Your card was declined.' } : null,
  });
}

describe.each(testBackends())('Stripe: retries and subscription management ($name)', (backend) => {
  let stack: BillingAlone;
  let double: StripeBilling['double'];
  const sendWebhook = async (event: object) => {
    expect((await billing.sendWebhook(event)).status).toBe(200);
  };
  const subscribed = () => subscribedMember(billing, 'sub_manage');

  const billing = stackForSuite(() => startStripeBilling(backend, WEBHOOK_SECRET));
  beforeAll(async () => {
    ({ stack, double } = billing);
  });

  it('pays the same open invoice after a decline, and starts afresh once Stripe voided it', async () => {
    const { browser, userId } = await stack.member();
    const first = (await (await browser.post('/api/create-subscription')).json()).clientSecret;
    const subscriptions = double.callsTo('/v1/subscriptions').length;
    await sendWebhook(invoiceEvent('invoice.payment_failed', invoiceOf(first), userId, 'sub_a'));
    expect((await currentUser(browser)).subscriptionStatus).toBe('inactive');

    // The invoice is still open: the browser confirms the same one again, no new subscription.
    const again = (await (await browser.post('/api/create-subscription')).json()).clientSecret;
    expect(again).toBe(first);
    expect(double.callsTo('/v1/subscriptions')).toHaveLength(subscriptions);

    // Stripe voided it (the incomplete subscription expired): a new subscription, never a dead end.
    double.voidInvoice(invoiceOf(first));
    const fresh = (await (await browser.post('/api/create-subscription')).json()).clientSecret;
    expect(fresh).not.toBe(first);
    const paid = invoiceEvent('invoice.paid', invoiceOf(fresh), userId, 'sub_b');
    await Promise.all([sendWebhook(paid), sendWebhook({ ...paid, id: `${paid.id}_retry` })]);
    expect(await currentUser(browser)).toMatchObject({
      subscriptionStatus: 'active',
      foiaCredits: 3,
    });
    const history = BillingHistory.parse(await (await browser.get('/api/billing/payments')).json());
    expect(history.map((payment) => payment.id)).toEqual([invoiceOf(fresh)]);
  });

  it('starts no second subscription while a paid invoice waits for its webhook', async () => {
    const { browser } = await stack.member();
    const first = (await (await browser.post('/api/create-subscription')).json()).clientSecret;
    const subscriptions = double.callsTo('/v1/subscriptions').length;
    double.payInvoice(invoiceOf(first));
    expect(await (await browser.post('/api/create-subscription')).json()).toEqual({
      error: { message: 'Already Subscribed' },
    });
    expect(double.callsTo('/v1/subscriptions')).toHaveLength(subscriptions);
  });

  it('credits a pack once when its PaymentIntent succeeds after a decline, however often Stripe says so', async () => {
    const { browser, userId } = await subscribed();
    const { clientSecret } = await (
      await browser.post('/api/purchase-credits', { package: 'bulk' })
    ).json();
    const intentId = clientSecret.replace(/_secret_x$/, '');
    await sendWebhook(intentEvent('payment_intent.payment_failed', intentId, userId, 'bulk'));
    expect((await currentUser(browser)).foiaCredits).toBe(3);
    const succeeded = intentEvent('payment_intent.succeeded', intentId, userId, 'bulk');
    await Promise.all(
      [0, 1, 2].map((n) => sendWebhook({ ...succeeded, id: `${succeeded.id}_${n}` })),
    );
    expect((await currentUser(browser)).foiaCredits).toBe(13);
    const history = BillingHistory.parse(await (await browser.get('/api/billing/payments')).json());
    expect(history.map((payment) => [payment.purpose, payment.amountCents])).toEqual([
      ['bulk', 5000],
      ['subscription', 1000],
    ]);
  });

  it("cancels and resumes through the subscription's cancel_at_period_end, and lapses when Stripe ends it", async () => {
    const { browser, userId, subscriptionId } = await subscribed();
    const cancelled = await browser.post('/api/billing/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(BillingAccount.parse(await cancelled.json()).cancelAtPeriodEnd).toBe(true);
    const update = double.callsTo(`/v1/subscriptions/${subscriptionId}`).at(-1);
    expect(update?.params).toMatchObject({ cancel_at_period_end: 'true' });

    const resumed = await browser.post('/api/billing/subscription/resume');
    expect(BillingAccount.parse(await resumed.json()).cancelAtPeriodEnd).toBe(false);
    expect(double.callsTo(`/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toMatchObject({
      cancel_at_period_end: 'false',
    });

    // Cancelled from Stripe's own portal: the webhook tells billing.
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    await sendWebhook(
      stripeEvent('customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: true,
        metadata: { userId: String(userId) },
        items: { object: 'list', data: [{ current_period_end: periodEnd }] },
      }),
    );
    const account = BillingAccount.parse(await (await browser.get('/api/billing/account')).json());
    expect(account).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });

    // Stripe ends it at the period's end: the member lapses with the credits frozen.
    await sendWebhook(
      stripeEvent(
        'customer.subscription.deleted',
        { id: subscriptionId, object: 'subscription', metadata: { userId: String(userId) } },
        new Date(periodEnd * 1000),
      ),
    );
    const lapsed = BillingAccount.parse(await (await browser.get('/api/billing/account')).json());
    expect(lapsed).toMatchObject({
      subscriptionStatus: 'inactive',
      foiaCredits: 3,
      cancelAtPeriodEnd: false,
      lapsedAt: new Date(periodEnd * 1000).toISOString(),
    });
    // Stripe's period ends are Stripe's: billing's own job does nothing in this mode.
    expect(await stack.billing.endPeriods(new Date(Date.now() + 400 * 24 * 3600 * 1000))).toEqual({
      renewed: 0,
      ended: 0,
    });
  });

  it('lapses and announces SubscriptionLapsed however the subscription stops', async () => {
    const lapses = await recordEvents(stack.bus, BILLING_STREAM, [SubscriptionLapsed.type]);
    const [ended, cancelled, unpaid] = [
      await subscribedMember(billing, 'sub_ended'),
      await subscribedMember(billing, 'sub_cancelled'),
      await subscribedMember(billing, 'sub_unpaid'),
    ];
    const subscription = (member: typeof ended, status: string) => ({
      id: member.subscriptionId,
      object: 'subscription',
      status,
      metadata: { userId: String(member.userId) },
    });
    // The period ended without renewal, and an immediate cancellation (Stripe's dashboard or
    // portal): both arrive as the subscription's deletion.
    await sendWebhook(
      stripeEvent('customer.subscription.deleted', subscription(ended, 'canceled')),
    );
    await sendWebhook(
      stripeEvent('customer.subscription.deleted', subscription(cancelled, 'canceled')),
    );
    // A renewal failed every retry and the account is set to mark such subscriptions unpaid:
    // Stripe only updates the subscription, it deletes nothing.
    await sendWebhook(
      invoiceEvent(
        'invoice.payment_failed',
        'in_unpaid_renewal',
        unpaid.userId,
        unpaid.subscriptionId,
      ),
    );
    await sendWebhook(
      stripeEvent('customer.subscription.updated', subscription(unpaid, 'past_due')),
    );
    expect((await currentUser(unpaid.browser)).subscriptionStatus).toBe('active');
    await sendWebhook(stripeEvent('customer.subscription.updated', subscription(unpaid, 'unpaid')));

    for (const member of [ended, cancelled, unpaid]) {
      expect(await currentUser(member.browser)).toMatchObject({
        subscriptionStatus: 'inactive',
        foiaCredits: 3,
      });
    }
    // Each of the three lapses once. A lapse of an earlier test's member may still be on its
    // way (the stack is shared by the file's tests), so only these three members are counted.
    const ours = [ended.userId, cancelled.userId, unpaid.userId];
    await eventually(() =>
      expect(
        lapses
          .data()
          .map((data) => (data as { userId: number }).userId)
          .filter((userId) => ours.includes(userId))
          .sort(),
      ).toEqual([...ours].sort()),
    );
    expect(lapses.data()).toContainEqual(
      expect.objectContaining({ userId: unpaid.userId, frozenCredits: 3 }),
    );
    await lapses.stop();
  });

  it('refuses a resume once the subscription is over and changes nothing at Stripe', async () => {
    const { browser: member } = await stack.member();
    const calls = double.calls.length;
    const refused = await member.post('/api/billing/subscription/resume');
    expect(refused.status).toBe(409);
    expect(double.calls.length).toBe(calls);
  });

  it('ends the subscription at Stripe at once, without proration, when the member closes their account', async () => {
    const { browser, userId, subscriptionId } = await subscribed();
    await stack.bus.publish(
      IDENTITY_STREAM,
      createEvent(AccountClosed, {
        userId,
        email: 'closing@example.com',
        firstName: null,
        role: 'user',
        closedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => {
      const account = BillingAccount.parse(
        await (await browser.get('/api/billing/account')).json(),
      );
      expect(account).toMatchObject({ subscriptionStatus: 'inactive', foiaCredits: 0 });
    });
    const cancel = double
      .callsTo(`/v1/subscriptions/${subscriptionId}`)
      .filter((call) => call.method === 'DELETE');
    expect(cancel).toHaveLength(1);
    expect(cancel[0]?.params).toMatchObject({ prorate: 'false', invoice_now: 'false' });

    // Stripe then says the subscription ended: the account stays closed, nothing is credited.
    await sendWebhook(
      stripeEvent('customer.subscription.deleted', {
        id: subscriptionId,
        object: 'subscription',
        metadata: { userId: String(userId) },
      }),
    );
    const after = BillingAccount.parse(await (await browser.get('/api/billing/account')).json());
    expect(after).toMatchObject({ subscriptionStatus: 'inactive', foiaCredits: 0 });
  });
});
