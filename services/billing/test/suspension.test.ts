import { createEvent, IDENTITY_STREAM, UserSuspensionChanged } from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, pay, startBilling } from './harness.js';

describe.each(testBackends())('a suspended member ($name)', (backend) => {
  const stack = stackForSuite(() => startBilling(backend));

  it('is not renewed: the subscription ends with its paid period, even once the suspension is lifted', async () => {
    const { browser: member, userId } = await stack.member();
    await pay(member, { path: '/api/create-subscription' });
    const admin = await stack.signedIn('admin');
    const suspension = (suspended: boolean, reason: string) =>
      createEvent(UserSuspensionChanged, { userId, suspended, reason, changedBy: admin.userId });
    await stack.bus.publish(IDENTITY_STREAM, suspension(true, 'Card reported stolen'));
    await stack.bus.publish(IDENTITY_STREAM, suspension(false, 'The owner confirmed the payment'));
    // Billing takes identity's events in order: once a later member is known, the lifting was
    // taken in too.
    await stack.member();
    expect(await currentUser(member)).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });
  });
});
