import { payLocally } from '@uapqa/billing/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, startBillingStack } from './harness.js';

describe.each(testBackends())(
  "an admin's credit adjustments in the audit log ($name)",
  (backend) => {
    const stack = stackForSuite(() => startBillingStack(backend));

    it('records each adjustment billing made once, with its reason, and not the refused one', async () => {
      const member = await stack.member();
      await payLocally(member, '/api/create-subscription');
      const { id } = await currentUser(member);
      const admin = await stack.signedIn('admin');
      const adjust = (delta: number, reason: string) =>
        admin.post(`/api/admin/users/${id}/credits`, { delta, reason });

      expect((await adjust(2, 'The expert missed the deadline twice')).status).toBe(201);
      expect((await adjust(-6, 'Taking back more than there is')).status).toBe(409);
      expect((await adjust(-5, 'Credits bought with a stolen card')).status).toBe(201);
      expect((await currentUser(member)).foiaCredits).toBe(0);

      // Identity records billing's report of each adjustment; the refused one was never made.
      await eventually(async () => {
        const log = await admin.get(`/api/admin/audit?action=credits_adjusted&subjectUserId=${id}`);
        const entries = await log.json();
        expect(entries.map((entry: { subject: string; reason: string }) => entry.reason)).toEqual([
          'Credits bought with a stolen card',
          'The expert missed the deadline twice',
        ]);
        expect(entries[0]).toMatchObject({ subject: '-5 credits', actorUsername: 'admin' });
      });
    });
  },
);
