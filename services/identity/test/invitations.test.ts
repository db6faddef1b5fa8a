import { ExpertApplicationDecided, INVITATION_NOT_VALID, UserRegistered } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

let counter = 0;

describe.each(testBackends())(
  "an approved expert's invitation in waitlist mode ($name)",
  (backend) => {
    const h = useHarness(backend);
    const recorded = stackForSuite(() =>
      recordEvents(h.harnessBus.bus, 'identity', [
        ExpertApplicationDecided.type,
        UserRegistered.type,
      ]),
    );

    /** Applies as a visitor, has an admin approve, and returns the address and the link's secret. */
    async function approvedApplicant() {
      counter++;
      const email = `invited.${Date.now().toString(36)}.${counter}@example.com`;
      const applied = await h.visitor().post(
        '/api/expert-applications',
        {
          name: `Rowan Hale ${counter}`,
          email,
          phone: '+1 555 0199',
          website: '',
          duration: 6,
          questionsPerWeek: 3,
          description: 'Radar analyst.',
        },
        { 'x-forwarded-for': `203.0.113.${counter}` },
      );
      expect(applied.status).toBe(201);
      const { id } = (await applied.json()) as { id: number };
      const admin = await h.signedIn('admin');
      expect((await admin.post(`/api/admin/expert-applications/${id}/approve`, {})).status).toBe(
        200,
      );
      let token = '';
      await eventually(() => {
        const event = recorded.seen.find(
          (seen) =>
            seen.type === ExpertApplicationDecided.type &&
            (seen.data as { applicationId: number }).applicationId === id,
        );
        token =
          (event?.data as { invitation?: { token: string } } | undefined)?.invitation?.token ?? '';
        expect(token).not.toBe('');
      });
      return { email, token };
    }

    const signUp = (body: Record<string, unknown>) =>
      h
        .visitor()
        .post(
          '/api/register',
          { password: 'correct horse battery', ...body },
          { 'x-forwarded-for': `192.0.2.${++counter}` },
        );

    it('lets the invited address register once while registration is closed, and nobody else', async () => {
      const admin = await h.signedIn('admin');
      const on = await admin.post('/api/admin/settings/waitlist_enabled', { value: 'true' });
      expect(on.status).toBe(200);
      const { email, token } = await approvedApplicant();
      const username = `rowan_${Date.now().toString(36)}`;

      // Without the invitation, or with one never given out, registration stays closed.
      const closed = await signUp({ username, email });
      expect(closed.status).toBe(403);
      expect((await closed.json()).message).toMatch(/waitlist mode/);
      const forged = await signUp({ username, email, invite: 'x'.repeat(43) });
      expect(forged.status).toBe(403);
      expect((await forged.json()).message).toBe(INVITATION_NOT_VALID);

      // A forwarded link is no key: only the address it was sent to.
      const otherAddress = await signUp({
        username,
        email: `someone.else.${counter}@example.com`,
        invite: token,
      });
      expect(otherAddress.status).toBe(403);
      expect(await otherAddress.json()).toMatchObject({
        message:
          'This invitation is for the email address it was sent to. Please register with that address.',
        field: 'email',
      });

      // The invited address signs up, confirms it with the usual link and is a member.
      const member = h.visitor();
      const verified = await h.register(member, {
        username,
        email,
        password: 'correct horse battery',
        invite: token,
      });
      expect(await verified.json()).toMatchObject({ username, email, role: 'user' });
      await eventually(() =>
        expect(
          recorded.seen.filter(
            (seen) =>
              seen.type === UserRegistered.type && (seen.data as { email: string }).email === email,
          ),
        ).toHaveLength(1),
      );

      // Used once: the link makes no second account. The address has one now, so the answer is
      // the same as for any known address (nobody learns who has an account), and nothing is made.
      const again = await signUp({ username: `${username}_2`, email, invite: token });
      expect(again.status).toBe(202);
      const accounts = (await (
        await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)
      ).json()) as Array<{ username: string }>;
      expect(accounts.map((account) => account.username)).toEqual([username]);

      // Another approved applicant's invitation still works alone, while the waitlist is on.
      const second = await approvedApplicant();
      const accepted = await signUp({
        username: `rowan_b_${Date.now().toString(36)}`,
        email: second.email,
        invite: second.token,
      });
      expect(accepted.status).toBe(202);

      expect(
        (await admin.post('/api/admin/settings/waitlist_enabled', { value: 'false' })).status,
      ).toBe(200);
    });

    it('takes one sign-up when two arrive at once with the same invitation', async () => {
      const admin = await h.signedIn('admin');
      await admin.post('/api/admin/settings/waitlist_enabled', { value: 'true' });
      const { email, token } = await approvedApplicant();
      const stamp = Date.now().toString(36);
      const answers = await Promise.all([
        signUp({ username: `twin_a_${stamp}`, email, invite: token }),
        signUp({ username: `twin_b_${stamp}`, email, invite: token }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // One account; the other sign-up is refused or, losing on the address, answered as a known one.
      expect(statuses[0]).toBe(202);
      const list = (await (
        await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)
      ).json()) as unknown[];
      expect(list).toHaveLength(1);
      await admin.post('/api/admin/settings/waitlist_enabled', { value: 'false' });
    });
  },
);
