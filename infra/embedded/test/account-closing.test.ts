import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingForTests, payLocally } from '@uapqa/billing/testing';
import {
  AccountClosed,
  type AccountExport,
  CLOSED_ACCOUNT_HOLD_DAYS,
  FORMER_MEMBER,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, registerVerified } from '@uapqa/identity/testing';
import { moderationForTests } from '@uapqa/moderation/testing';
import { notificationsForTests, readMailbox } from '@uapqa/notifications/testing';
import { questionsForTests } from '@uapqa/questions/testing';
import {
  type Browser,
  eventually,
  recordEvents,
  testBackends,
  uniqueName,
} from '@uapqa/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const PASSWORD = 'closing-demo-password';
const SLOW = { timeoutMs: 20_000 };

/**
 * A member's data export and closing their account, end to end through the gateway with every
 * service running: what the member downloads, what closing removes, what it keeps, and that
 * nothing is mailed to the address after the confirmation.
 */
describe.each(testBackends())(
  'account export and closing ($name)',
  { timeout: 120_000 },
  (backend) => {
    let stack: TestStack;
    let mailbox: string;
    const member = { username: uniqueName('closer'), password: 'correct horse battery' };
    const email = `${member.username}@example.com`;
    let browser: Browser;
    let userId: number;
    let answeredId: string;
    let pendingAnswerId: string;

    const signIn = async (username: string, password = PASSWORD) => {
      const session = stack.visitor();
      const login = await session.post('/api/login', { username, password });
      expect(login.status, `login as ${username}`).toBe(200);
      return session;
    };
    const mailTo = async (address: string) =>
      (await readMailbox(mailbox)).filter(
        (each) => each.mail.to && JSON.stringify(each.mail.to).includes(address),
      );

    beforeAll(async () => {
      mailbox = await mkdtemp(join(tmpdir(), 'uapqa-closing-mail-'));
      stack = await startTestStack(backend, [
        identityForTests(PASSWORD),
        billingForTests(),
        questionsForTests(),
        moderationForTests(),
        notificationsForTests({ MAILBOX_DIR: mailbox }),
      ]);
      await (stack.services.questions as unknown as { seeded: Promise<boolean> }).seeded;

      // A member who subscribed, asked Dana two questions, both approved, one answered.
      browser = stack.visitor();
      const verified = await registerVerified(browser, stack.bus.bus, {
        ...member,
        email,
        firstName: 'Casey',
        lastName: 'Closer',
      });
      userId = (await verified.json()).id;
      await payLocally(browser, '/api/create-subscription');
      const experts = await eventually(async () => {
        const list = await (await stack.visitor().get('/api/creators')).json();
        const dana = list.find(
          (each: { brandName: string }) => each.brandName === 'Dana Whitfield',
        );
        expect(dana?.window).toBeTruthy();
        return list as Array<{ userId: number; brandName: string }>;
      }, SLOW);
      const dana = experts.find((each) => each.brandName === 'Dana Whitfield')!;
      const categories = await (await browser.get('/api/categories')).json();
      const tags = await (await browser.get('/api/tags')).json();
      const ask = async (title: string) => {
        const asked = await browser.post('/api/questions', {
          assignedCreatorId: dana.userId,
          categoryId: categories[0].id,
          tagIds: [tags[0].id],
          title,
          content: 'What did the radar operators report that night, and what was filed after?',
        });
        expect(asked.status, await asked.clone().text()).toBe(201);
        return (await asked.json()).id as string;
      };
      answeredId = await ask('What did the Nimitz radar operators see in 2004?');
      pendingAnswerId = await ask('Which records of the Rendlesham night are still classified?');
      const moderator = await signIn('moderator');
      for (const id of [answeredId, pendingAnswerId]) {
        await eventually(async () => {
          const decided = await moderator.patch(`/api/admin/questions/${id}/status`, {
            status: 'approved',
          });
          expect(decided.status).toBe(200);
        }, SLOW);
      }
      const expert = await signIn('dana');
      await eventually(async () => {
        const answered = await expert.post('/api/answers', {
          questionId: answeredId,
          content:
            'The operators tracked objects dropping from 80,000 feet to sea level in seconds. ' +
            'Two pilots saw one of them from the air, and the ship’s combat information centre ' +
            'kept the radar tapes, which were collected the next morning.',
        });
        expect(answered.status).toBe(201);
      }, SLOW);
      // Everything the export should show has been mailed by now.
      await eventually(async () => {
        const subjects = (await mailTo(email)).map((each) => each.mail.subject ?? '');
        expect(subjects.some((subject) => /welcome/i.test(subject))).toBe(true);
        expect(subjects.some((subject) => /answered/i.test(subject))).toBe(true);
      }, SLOW);
    });

    afterAll(async () => {
      await stack?.stop();
      await rm(mailbox, { recursive: true, force: true });
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('exports every part of what the site holds of the member, as a download', async () => {
      const response = await browser.get('/api/account/export');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename=".+\.json"$/,
      );
      expect(response.headers.get('cache-control')).toContain('no-store');
      const body = (await response.json()) as AccountExport;
      expect(body.userId).toBe(userId);
      if (!body.identity.available) throw new Error('identity part missing');
      expect(body.identity.data.user).toMatchObject({
        username: member.username,
        email,
        firstName: 'Casey',
      });
      expect(body.identity.data.sessions.length).toBeGreaterThan(0);
      if (!body.questions.available) throw new Error('questions part missing');
      const answered = body.questions.data.asked.find((question) => question.id === answeredId);
      expect(answered?.answer?.content).toContain('80,000 feet');
      expect(body.questions.data.asked.map((question) => question.id)).toContain(pendingAnswerId);
      if (!body.billing.available) throw new Error('billing part missing');
      expect(body.billing.data.subscription?.status).toBe('active');
      expect(body.billing.data.ledger.map((entry) => entry.kind)).toEqual(
        expect.arrayContaining(['subscription_credit', 'question_debit']),
      );
      expect(body.billing.data.payments).toEqual([
        expect.objectContaining({ purpose: 'subscription', status: 'succeeded' }),
      ]);
      if (!body.notifications.available) throw new Error('notifications part missing');
      expect(body.notifications.data.emails.map((each) => each.template)).toEqual(
        expect.arrayContaining(['email_verification', 'welcome', 'question_answered']),
      );
    });

    it('refuses to close with a wrong password, and changes nothing', async () => {
      const refused = await browser.delete('/api/account', {}, { password: 'not my password' });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toMatch(/password is not right/i);
      expect((await browser.delete('/api/account', {}, {})).status).toBe(400);
      const me = await (await browser.get('/api/user')).json();
      expect(me).toMatchObject({ username: member.username, subscriptionStatus: 'active' });
      expect((await browser.get('/api/account/export')).status).toBe(200);
    });

    it('closes the account: signed out everywhere, subscription ended, credits forfeited, receipts kept', async () => {
      const otherDevice = await signIn(member.username, member.password);
      const closings = await recordEvents(stack.bus.bus, IDENTITY_STREAM, [AccountClosed.type]);
      const closed = await browser.delete('/api/account', {}, { password: member.password });
      expect(closed.status).toBe(200);
      expect(closed.headers.getSetCookie().join(' ')).toMatch(/session=;/);
      await eventually(() => expect(closings.seen).toHaveLength(1));

      // Signed out here and on the other device; neither the username nor the address signs in.
      expect((await browser.get('/api/user')).status).toBe(401);
      await eventually(async () => expect((await otherDevice.get('/api/user')).status).toBe(401));
      for (const username of [member.username, email]) {
        const login = await stack
          .visitor()
          .post('/api/login', { username, password: member.password });
        expect(login.status).toBe(401);
      }

      const admin = await signIn('admin');
      const billing = async () => (await admin.get(`/api/billing/accounts/${userId}`)).json();
      await eventually(async () => {
        const records = await billing();
        expect(records.subscription.status).toBe('closed');
        expect(records.balance).toBe(0);
        expect(
          records.ledger.filter((entry: { kind: string }) => entry.kind === 'forfeit'),
        ).toHaveLength(1);
        expect(records.payments).toEqual([expect.objectContaining({ purpose: 'subscription' })]);
      }, SLOW);

      // The confirmation goes, once.
      const confirmation = async () =>
        (await mailTo(email)).filter((each) => /account is closed/i.test(each.mail.subject ?? ''));
      await eventually(async () => expect(await confirmation()).toHaveLength(1), SLOW);
      // Everything the address has received up to the confirmation; nothing may be added.
      const received = new Set((await mailTo(email)).map((each) => each.file));

      // The same event again, under a new id (a replay): nothing changes anywhere.
      const event = closings.seen[0]!;
      await stack.bus.bus.publish(IDENTITY_STREAM, { ...event, id: crypto.randomUUID() });
      await stack.bus.bus.publish(IDENTITY_STREAM, event);
      const before = await billing();
      // Dana answers the member's other question: the answer is published, nothing is mailed.
      const expert = await signIn('dana');
      const answered = await expert.post('/api/answers', {
        questionId: pendingAnswerId,
        content:
          'Several witness statements and the base log remain withheld. What was released shows ' +
          'the times of the sightings and the names of the officers on duty, and nothing of what ' +
          'the radar recorded that night.',
      });
      expect(answered.status).toBe(201);
      await eventually(async () => {
        const page = await (await stack.visitor().get(`/api/questions/${pendingAnswerId}`)).json();
        expect(page.status).toBe('answered');
      }, SLOW);
      const notifications = stack.services.notifications as unknown as {
        deliverMail(): Promise<number>;
        mailBacklog(): Promise<number>;
      };
      await eventually(async () => {
        await notifications.deliverMail();
        expect(await notifications.mailBacklog()).toBe(0);
      }, SLOW);
      expect(await billing()).toEqual(before);
      expect(await confirmation()).toHaveLength(1);
      const added = (await mailTo(email)).filter((each) => !received.has(each.file));
      expect(added.map((each) => each.mail.subject)).toEqual([]);
      closings.stop();
    });

    it("keeps an expert's answers in the archive under 'a former member'", async () => {
      const expert = await signIn('dana');
      expect((await expert.delete('/api/account', {}, { password: PASSWORD })).status).toBe(200);
      await eventually(async () => {
        const page = await (await stack.visitor().get(`/api/questions/${answeredId}`)).json();
        expect(page.status).toBe('answered');
        expect(page.creator).toMatchObject({
          brandName: FORMER_MEMBER,
          firstName: null,
          lastName: null,
        });
      }, SLOW);
      await eventually(async () => {
        const experts = await (await stack.visitor().get('/api/creators')).json();
        expect(experts.map((each: { brandName: string }) => each.brandName)).not.toContain(
          'Dana Whitfield',
        );
      }, SLOW);
    });

    it(`holds the username and address for ${CLOSED_ACCOUNT_HOLD_DAYS} days, then frees them`, async () => {
      const visitor = stack.visitor();
      const sameUsername = await visitor.post('/api/register', {
        username: member.username,
        email: `other-${email}`,
        password: 'another good password',
      });
      expect(sameUsername.status).toBe(400);
      expect((await sameUsername.json()).message).toMatch(/already taken/);
      const sameAddress = await visitor.post('/api/register', {
        username: `${member.username}x`,
        email,
        password: 'another good password',
      });
      // The answer every known address gets; no account is made and no link is mailed.
      expect(sameAddress.status).toBe(202);
      const login = await stack.visitor().post('/api/login', {
        username: `${member.username}x`,
        password: 'another good password',
      });
      expect(login.status).toBe(401);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (CLOSED_ACCOUNT_HOLD_DAYS * 24 + 1) * 3600 * 1000);
      const again = stack.visitor();
      const verified = await registerVerified(again, stack.bus.bus, {
        username: member.username,
        email,
        password: 'a brand new password',
      });
      const newcomer = await verified.json();
      expect(newcomer).toMatchObject({ username: member.username, email });
      expect(newcomer.id).not.toBe(userId);
    });
  },
);
