import { BillingAccount } from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, pay, startBilling } from './harness.js';

describe.each(testBackends())('payments through the local provider ($name)', (backend) => {
  const stack = stackForSuite(() => startBilling(backend));

  it('subscribes a new member: active with 3 credits, then refuses a second subscription', async () => {
    const { browser: member } = await stack.member();
    expect(await currentUser(member)).toMatchObject({
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    });
    const { result } = await pay(member, { path: '/api/create-subscription' });
    expect(result).toEqual({ status: 'succeeded' });
    expect(await currentUser(member)).toMatchObject({
      subscriptionStatus: 'active',
      foiaCredits: 3,
    });

    const again = await member.post('/api/create-subscription');
    expect(await again.json()).toEqual({ error: { message: 'Already Subscribed' } });
    const account = BillingAccount.parse(await (await member.get('/api/billing/account')).json());
    expect(new Date(account.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now());
  });

  it('adds 3 credits for the small pack and 10 for the bulk pack', async () => {
    const { browser: member } = await stack.member();
    await pay(member, { path: '/api/create-subscription' });
    await pay(member, { path: '/api/purchase-credits', pack: 'small' });
    expect((await currentUser(member)).foiaCredits).toBe(6);
    await pay(member, { path: '/api/purchase-credits', pack: 'bulk' });
    expect((await currentUser(member)).foiaCredits).toBe(16);
  });

  it('grants nothing for a declined payment and reports the provider message', async () => {
    const { browser: member } = await stack.member();
    const { result } = await pay(member, { path: '/api/create-subscription' }, 'failed');
    expect(result).toEqual({ status: 'failed', error: { message: 'Your card was declined.' } });
    expect(await currentUser(member)).toMatchObject({
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    });
    // The decline is recorded as such: no payment in the history (retrying is in local-manage).
    expect(await (await member.get('/api/billing/payments')).json()).toEqual([]);
  });

  it('refuses credit purchases without an active subscription, and unknown packs', async () => {
    const { browser: member } = await stack.member();
    const refused = await member.post('/api/purchase-credits', { package: 'small' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/active subscription/);
    await pay(member, { path: '/api/create-subscription' });
    const unknown = await member.post('/api/purchase-credits', { package: 'huge' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).field).toBe('package');
  });

  it("does not let a member confirm someone else's payment, nor a visitor start one", async () => {
    const { browser: owner } = await stack.member();
    const { clientSecret } = await (await owner.post('/api/create-subscription')).json();
    const { browser: thief } = await stack.member();
    const stolen = await thief.post('/api/billing/local/confirm', {
      clientSecret,
      outcome: 'succeeded',
    });
    expect(stolen.status).toBe(404);
    expect(await currentUser(thief)).toMatchObject({ subscriptionStatus: 'inactive' });
    expect((await stack.visitor().post('/api/create-subscription')).status).toBe(401);
  });

  it('reuses the pending subscription payment when Subscribe is pressed twice', async () => {
    const { browser: member } = await stack.member();
    const first = await (await member.post('/api/create-subscription')).json();
    const second = await (await member.post('/api/create-subscription')).json();
    expect(second.clientSecret).toBe(first.clientSecret);
  });

  it('tells the browser which provider takes payments', async () => {
    const config = await (await stack.visitor().get('/api/billing/config')).json();
    expect(config).toEqual({ provider: 'local', publishableKey: null });
  });

  it("gives staff billing's figures and refuses members", async () => {
    const admin = await stack.signedIn('admin');
    const stats = await (await admin.get('/api/billing/stats')).json();
    expect(stats.activeSubscribers).toBeGreaterThanOrEqual(2);
    expect(stats.monthlyRevenue).toBeGreaterThanOrEqual(20 + 25 + 50);
    expect((await (await stack.member()).browser.get('/api/billing/stats')).status).toBe(403);
  });
});
