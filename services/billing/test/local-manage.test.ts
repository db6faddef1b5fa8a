import {
  BillingAccount,
  BillingHistory,
  BillingReceipt,
  FROZEN_CREDITS_MONTHS,
} from '@uapqa/contracts';
import { type Browser, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../src/routes/account.js';
import { currentUser, pay, startBilling } from './harness.js';

async function account(browser: Browser) {
  const response = await browser.get('/api/billing/account');
  expect(response.status).toBe(200);
  return BillingAccount.parse(await response.json());
}

async function history(browser: Browser) {
  const response = await browser.get('/api/billing/payments');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return BillingHistory.parse(await response.json());
}

async function start(browser: Browser, pack?: 'small' | 'bulk'): Promise<string> {
  const response = pack
    ? await browser.post('/api/purchase-credits', { package: pack })
    : await browser.post('/api/create-subscription');
  expect(response.status).toBe(200);
  return (await response.json()).clientSecret;
}

const confirm = (browser: Browser, clientSecret: string, outcome: 'succeeded' | 'failed') =>
  browser.post('/api/billing/local/confirm', { clientSecret, outcome });

describe.each(testBackends())(
  'retrying and managing payments, local provider ($name)',
  (backend) => {
    // The demo subscriber is a username no other member here has: one stack serves both.
    const stack = stackForSuite(() => startBilling(backend, { DEMO_SUBSCRIBER: 'member' }));

    it('pays a declined subscription on the second try, with the same invoice, once', async () => {
      const { browser: member } = await stack.member();
      const clientSecret = await start(member);
      const declined = await confirm(member, clientSecret, 'failed');
      expect(await declined.json()).toEqual({
        status: 'failed',
        error: { message: 'Your card was declined.' },
      });
      // Pressing Subscribe again after the decline gives back the same, still payable, invoice.
      expect(await start(member)).toBe(clientSecret);
      const paid = await confirm(member, clientSecret, 'succeeded');
      expect(paid.status).toBe(200);
      expect(await paid.json()).toEqual({ status: 'succeeded' });
      expect(await currentUser(member)).toMatchObject({
        subscriptionStatus: 'active',
        foiaCredits: 3,
      });
      // Paid once: confirming it again is refused and changes nothing.
      const again = await confirm(member, clientSecret, 'succeeded');
      expect(again.status).toBe(409);
      expect((await again.json()).message).toMatch(/already/);
      expect((await currentUser(member)).foiaCredits).toBe(3);
      expect(await history(member)).toHaveLength(1);
    });

    it('credits a declined subscription once when the retry is sent several times at once', async () => {
      const { browser: member } = await stack.member();
      const clientSecret = await start(member);
      await confirm(member, clientSecret, 'failed');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => confirm(member, clientSecret, 'succeeded')),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await currentUser(member)).toMatchObject({
        subscriptionStatus: 'active',
        foiaCredits: 3,
      });
      expect(await history(member)).toHaveLength(1);
    });

    it.each([
      ['small', 3, 2500],
      ['bulk', 10, 5000],
    ] as const)(
      'retries a declined %s pack: credited once, sequentially and in parallel',
      async (pack, credits, cents) => {
        const { browser: member } = await stack.member();
        await pay(member, { path: '/api/create-subscription' });

        const first = await start(member, pack);
        expect((await (await confirm(member, first, 'failed')).json()).status).toBe('failed');
        expect((await (await confirm(member, first, 'failed')).json()).status).toBe('failed');
        const retried = await confirm(member, first, 'succeeded');
        expect(await retried.json()).toEqual({ status: 'succeeded', credits });
        expect((await confirm(member, first, 'succeeded')).status).toBe(409);
        expect((await currentUser(member)).foiaCredits).toBe(3 + credits);

        const second = await start(member, pack);
        await confirm(member, second, 'failed');
        const parallel = await Promise.all(
          Array.from({ length: 5 }, () => confirm(member, second, 'succeeded')),
        );
        expect(parallel.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect((await currentUser(member)).foiaCredits).toBe(3 + 2 * credits);

        const paid = await history(member);
        expect(
          paid.map((payment) => [payment.purpose, payment.amountCents, payment.credits]),
        ).toEqual([
          [pack, cents, credits],
          [pack, cents, credits],
          ['subscription', 1000, 3],
        ]);
      },
    );

    it('cancels at the period end, resumes before it, and lapses at it with the credits frozen', async () => {
      const { browser: member } = await stack.member();
      await pay(member, { path: '/api/create-subscription' });
      const before = await account(member);
      expect(before).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });
      const periodEnd = new Date(before.currentPeriodEnd!);

      const cancelled = await member.post('/api/billing/subscription/cancel');
      expect(cancelled.status).toBe(200);
      expect(cancelled.headers.get('cache-control')).toBe('no-store');
      expect(BillingAccount.parse(await cancelled.json())).toMatchObject({
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: before.currentPeriodEnd,
      });
      // Pressed twice: still cancelled, nothing else.
      expect((await member.post('/api/billing/subscription/cancel')).status).toBe(200);
      const resumed = await member.post('/api/billing/subscription/resume');
      expect(BillingAccount.parse(await resumed.json()).cancelAtPeriodEnd).toBe(false);
      await member.post('/api/billing/subscription/cancel');

      // Before the period's end nothing happens; at it, the subscription lapses once.
      await stack.billing.endPeriods(new Date(periodEnd.getTime() - 1000));
      expect((await account(member)).subscriptionStatus).toBe('active');
      const afterEnd = new Date(periodEnd.getTime() + 1000);
      await Promise.all([stack.billing.endPeriods(afterEnd), stack.billing.endPeriods(afterEnd)]);
      const lapsed = await account(member);
      expect(lapsed).toMatchObject({
        subscriptionStatus: 'inactive',
        foiaCredits: 3,
        cancelAtPeriodEnd: false,
        lapsedAt: periodEnd.toISOString(),
        creditsExpireAt: addMonths(periodEnd, FROZEN_CREDITS_MONTHS).toISOString(),
      });
      expect(await currentUser(member)).toMatchObject({
        subscriptionStatus: 'inactive',
        foiaCredits: 3,
      });
      const late = await member.post('/api/billing/subscription/resume');
      expect(late.status).toBe(409);
      expect((await late.json()).message).toMatch(/no active subscription/);
      // No renewal was charged for a cancelled subscription.
      expect(await history(member)).toHaveLength(1);

      // Coming back within 6 months restores the frozen credits.
      await pay(member, { path: '/api/create-subscription' });
      expect(await currentUser(member)).toMatchObject({
        subscriptionStatus: 'active',
        foiaCredits: 6,
      });
    });

    it('renews a subscription nobody cancelled at its period end, with the period credits, once', async () => {
      const { browser: member } = await stack.member();
      await pay(member, { path: '/api/create-subscription' });
      const periodEnd = new Date((await account(member)).currentPeriodEnd!);
      const afterEnd = new Date(periodEnd.getTime() + 1000);
      await Promise.all([stack.billing.endPeriods(afterEnd), stack.billing.endPeriods(afterEnd)]);
      await stack.billing.endPeriods(afterEnd);
      const renewed = await account(member);
      expect(renewed).toMatchObject({ subscriptionStatus: 'active', foiaCredits: 6 });
      expect(renewed.currentPeriodEnd).toBe(addMonths(periodEnd, 1).toISOString());
      const paid = await history(member);
      expect(paid.map((payment) => payment.purpose)).toEqual(['subscription', 'subscription']);
    });

    it('refuses to cancel or resume without an active subscription', async () => {
      const { browser: member } = await stack.member();
      for (const path of ['/api/billing/subscription/cancel', '/api/billing/subscription/resume']) {
        const refused = await member.post(path);
        expect(refused.status).toBe(409);
        expect((await refused.json()).message).toMatch(/no active subscription/);
      }
      expect((await stack.visitor().post('/api/billing/subscription/cancel')).status).toBe(401);
    });

    it('lists every paid payment with a receipt that only its payer can open', async () => {
      const { browser: member, userId } = await stack.member();
      await pay(member, { path: '/api/create-subscription' });
      await pay(member, { path: '/api/purchase-credits', pack: 'small' });
      await pay(member, { path: '/api/purchase-credits', pack: 'bulk' });
      // A declined payment is no payment: it is not in the history.
      await pay(member, { path: '/api/purchase-credits', pack: 'bulk' }, 'failed');

      const paid = await history(member);
      expect(paid.map((payment) => payment.description)).toEqual([
        '10 FOIA credits',
        '3 FOIA credits',
        'Archive Access subscription (1 month, 3 credits)',
      ]);
      expect(paid.map((payment) => payment.amountCents)).toEqual([5000, 2500, 1000]);
      for (const payment of paid) {
        expect(Math.abs(Date.parse(payment.paidAt) - Date.now())).toBeLessThan(60_000);
      }

      const response = await member.get(`/api/billing/payments/${paid[2]!.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const receipt = BillingReceipt.parse(await response.json());
      expect(receipt).toMatchObject({
        id: paid[2]!.id,
        purpose: 'subscription',
        amountCents: 1000,
        currency: 'usd',
        email: expect.stringContaining('@example.com'),
      });
      expect(receipt.email).toMatch(/^buyer_/);
      expect(userId).toBeGreaterThan(0);

      const { browser: stranger } = await stack.member();
      expect((await stranger.get(`/api/billing/payments/${paid[2]!.id}`)).status).toBe(404);
      expect(await history(stranger)).toEqual([]);
      expect((await member.get('/api/billing/payments/in_nope')).status).toBe(404);
      expect((await stack.visitor().get('/api/billing/payments')).status).toBe(401);
    });

    it('marks personal answers no-store and leaves the public provider config cacheable', async () => {
      const { browser: member } = await stack.member();
      expect((await member.get('/api/billing/account')).headers.get('cache-control')).toBe(
        'no-store',
      );
      expect(
        (await stack.visitor().get('/api/billing/config')).headers.get('cache-control'),
      ).not.toBe('no-store');
    });

    it('starts the demo member as a paid subscriber with credits, in the ledger and the history', async () => {
      // Subscribed in the transaction that takes its registration in: paid once billing knows it.
      const { browser: member } = await stack.member({ username: 'member' });
      expect(await currentUser(member)).toMatchObject({
        subscriptionStatus: 'active',
        foiaCredits: 3,
      });
      const paid = await history(member);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ purpose: 'subscription', amountCents: 1000 });
      expect(new Date((await account(member)).currentPeriodEnd!).getTime()).toBeGreaterThan(
        Date.now(),
      );
      // Other accounts are left alone.
      const moderator = await stack.member({ username: 'moderator', role: 'moderator' });
      expect(await currentUser(moderator.browser)).toMatchObject({
        subscriptionStatus: 'inactive',
        foiaCredits: 0,
      });
      expect((await (await stack.member()).browser.get('/api/billing/account')).status).toBe(200);
    });
  },
);
