import { AdminCredits, BILLING_STREAM, BillingStaffActionTaken } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, pay, startBilling } from './harness.js';

describe.each(testBackends())("an admin and a member's credits ($name)", (backend) => {
  const stack = stackForSuite(() => startBilling(backend));

  it('grants and takes back credits with a reason, as ledger entries, never below zero', async () => {
    const { browser: member, userId: id } = await stack.member();
    await pay(member, { path: '/api/create-subscription' });
    const admin = await stack.signedIn('admin');
    const reports = await recordEvents(stack.bus, BILLING_STREAM, [BillingStaffActionTaken.type]);
    const adjust = (delta: number, reason: string) =>
      admin.post(`/api/admin/users/${id}/credits`, { delta, reason });

    const granted = await adjust(2, 'The expert missed the deadline twice');
    expect(granted.status).toBe(201);
    const afterGrant = AdminCredits.parse(await granted.json());
    expect(afterGrant.account).toMatchObject({ subscriptionStatus: 'active', foiaCredits: 5 });
    expect(afterGrant.ledger[0]).toMatchObject({
      delta: 2,
      kind: 'staff_adjustment',
      reference: expect.stringContaining('The expert missed the deadline twice'),
    });
    expect((await currentUser(member)).foiaCredits).toBe(5);

    const tooMany = await adjust(-6, 'Taking back more than there is');
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).message).toMatch(/5 credits/);
    const takenBack = await adjust(-5, 'Credits bought with a stolen card');
    expect(takenBack.status).toBe(201);
    expect((await currentUser(member)).foiaCredits).toBe(0);

    const shown = AdminCredits.parse(
      await (await admin.get(`/api/admin/users/${id}/credits`)).json(),
    );
    expect(shown.ledger.map((line) => line.delta).slice(0, 2)).toEqual([-5, 2]);
    expect(shown.payments).toEqual([
      expect.objectContaining({ purpose: 'subscription', amountCents: 1000, credits: 3 }),
    ]);
    // The balance is the sum of the ledger, adjustments included.
    expect(shown.ledger.reduce((sum, line) => sum + line.delta, 0)).toBe(0);

    // Each adjustment is reported once, with its reason, for the audit log (identity's); the
    // refused one is not.
    const report = { actorId: admin.userId, action: 'credits_adjusted', subjectUserId: id };
    await eventually(() =>
      expect(reports.data()).toEqual([
        { ...report, subject: '+2 credits', reason: 'The expert missed the deadline twice' },
        { ...report, subject: '-5 credits', reason: 'Credits bought with a stolen card' },
      ]),
    );
    await reports.stop();
  });

  it('refuses bad input and everyone but admins', async () => {
    const { browser: member, userId: id } = await stack.member();
    const admin = await stack.signedIn('admin');
    for (const body of [
      { delta: 0, reason: 'Nothing at all' },
      { delta: 1.5, reason: 'Half a credit' },
      { delta: 101, reason: 'Too many at once' },
      { delta: 1, reason: '' },
    ]) {
      const response = await admin.post(`/api/admin/users/${id}/credits`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const asMember = await member.post(`/api/admin/users/${id}/credits`, {
      delta: 5,
      reason: 'Giving myself credits',
    });
    expect(asMember.status).toBe(403);
    expect((await stack.visitor().get(`/api/admin/users/${id}/credits`)).status).toBe(401);
    expect((await currentUser(member)).foiaCredits).toBe(0);
    const nobody = await admin.post('/api/admin/users/999999/credits', {
      delta: 1,
      reason: 'Nobody has this id',
    });
    expect(nobody.status).toBe(404);
  });
});
