import { BillingAccount } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { pay, startBillingStack } from './harness.js';

describe.each(testBackends())('a suspended member ($name)', (backend) => {
  const stack = stackForSuite(() => startBillingStack(backend));

  it('is not renewed: the subscription ends with its paid period, even once the suspension is lifted', async () => {
    const member = await stack.member();
    await pay(member, { path: '/api/create-subscription' });
    const { id, username } = await (await member.get('/api/user')).json();
    const admin = await stack.signedIn('admin');
    const suspend = (suspended: boolean, reason: string) =>
      admin.post(`/api/admin/users/${id}/suspension`, { suspended, reason });
    expect((await suspend(true, 'Card reported stolen')).status).toBe(200);
    expect((await suspend(false, 'The owner confirmed the payment')).status).toBe(200);

    const back = stack.visitor();
    const login = await back.post('/api/login', { username, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    await eventually(async () => {
      const account = BillingAccount.parse(await (await back.get('/api/billing/account')).json());
      expect(account).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
    });
  });
});
