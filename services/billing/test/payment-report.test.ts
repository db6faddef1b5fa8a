import { CREDIT_PACKAGES, PaymentReport, SUBSCRIPTION } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, pay, startBilling } from './harness.js';

async function report(admin: Browser) {
  const response = await admin.get('/api/admin/reports/payments');
  expect(response.status).toBe(200);
  const parsed = PaymentReport.parse(await response.json());
  expect(parsed.months).toHaveLength(12);
  return parsed;
}

describe.each(testBackends())('the payment report ($name)', (backend) => {
  const stack = stackForSuite(() => startBilling(backend));

  it("adds up this month's payments and ledger entries, and is for admins only", async () => {
    const admin = await stack.signedIn('admin');
    const before = (await report(admin)).months.at(-1)!;
    const month = new Date().toISOString().slice(0, 7);
    expect(before.month).toBe(month);

    const { browser: member, userId: id } = await stack.member();
    await pay(member, { path: '/api/create-subscription' });
    await pay(member, { path: '/api/purchase-credits', pack: 'small' });
    await admin.post(`/api/admin/users/${id}/credits`, { delta: -2, reason: 'Chargeback' });

    const after = (await report(admin)).months.at(-1)!;
    const credits = SUBSCRIPTION.creditsPerPeriod + CREDIT_PACKAGES.small.credits;
    expect(after.subscriptionRevenueCents - before.subscriptionRevenueCents).toBe(
      SUBSCRIPTION.priceCents,
    );
    expect(after.packRevenueCents - before.packRevenueCents).toBe(CREDIT_PACKAGES.small.priceCents);
    expect(after.creditsIssued - before.creditsIssued).toBe(credits);
    expect(after.creditsAdjusted - before.creditsAdjusted).toBe(-2);
    expect(after.activeSubscribers - before.activeSubscribers).toBe(1);
    // What the report moved is what the member's ledger holds.
    expect((await currentUser(member)).foiaCredits).toBe(credits - 2);

    expect((await member.get('/api/admin/reports/payments')).status).toBe(403);
    expect(
      (await (await stack.signedIn('moderator')).get('/api/admin/reports/payments')).status,
    ).toBe(403);
  });
});
