import {
  createEvent,
  EmailVerificationRequested,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QuestionRejected,
  readEvent,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { verificationTokenFromSmtp, verificationTokenIn } from '../src/testing/index.js';
import { startNotificationsStack } from './harness.js';

let counter = 0;
function signUp() {
  counter++;
  const username = `signup_${Date.now().toString(36)}${counter}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    firstName: 'Skye',
  };
}

describe.each(testBackends())('email around sign-up ($name)', (backend) => {
  let address = 0;
  const stack = stackForSuite(() => startNotificationsStack(backend));

  const register = (body: unknown) =>
    stack.visitor().post('/api/register', body, { 'x-forwarded-for': `203.0.113.${++address}` });

  /** The account identity created for an address, as announced with its link. */
  async function userIdOf(email: string): Promise<number> {
    let found: (id: number) => void = () => {};
    const id = new Promise<number>((resolve) => {
      found = resolve;
    });
    const watcher = await stack.bus.bus.watch({
      stream: IDENTITY_STREAM,
      types: [EmailVerificationRequested.type],
      since: new Date(0),
      handler: async (event) => {
        const data = readEvent(EmailVerificationRequested, event).data;
        if (data.email === email) found(data.userId);
      },
    });
    try {
      return await id;
    } finally {
      await watcher.stop();
    }
  }

  it('sends an unconfirmed address the link and nothing else; the rest waits for the confirmation', async () => {
    const member = signUp();
    expect((await register(member)).status).toBe(202);
    const link = await stack.smtp.waitForOne(member.email, /^Confirm your email address/);
    expect(link.text).toContain('Hello Skye,');
    expect(link.text).toMatch(/https:\/\/uap\.example\/verify-email\?token=[\w-]{40,}/);
    expect(link.html).toMatch(/href="https:\/\/uap\.example\/verify-email\?token=[\w-]{40,}"/);
    expect(link.text).toContain('(24 hours)');

    // Something mailable happens to the unconfirmed account: its mail waits, unsent.
    const userId = await userIdOf(member.email);
    await stack.publish(
      MODERATION_STREAM,
      createEvent(QuestionRejected, {
        questionId: '00000000-0000-4000-8000-00000000aa01',
        askerId: userId,
        moderatorId: 2,
        moderationNotes: null,
        rejectedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => expect(await stack.notifications.mailBacklog()).toBe(1));
    expect(stack.smtp.to(member.email).map((mail) => mail.subject)).toEqual([link.subject]);

    // Opening the link makes the address mailable: the welcome, then what waited.
    const token = verificationTokenIn(link)!;
    expect(
      (await stack.visitor().post('/api/verify-email', { token, password: member.password }))
        .status,
    ).toBe(200);
    await stack.smtp.waitForOne(member.email, 'Welcome to UAP Answers');
    await stack.smtp.waitForOne(member.email, /not approved/);
  });

  it('tells the owner when someone signs up with their address, and sends no link', async () => {
    const owner = signUp();
    expect((await stack.register(stack.visitor(), owner)).status).toBe(200);
    await stack.smtp.waitForOne(owner.email, 'Welcome to UAP Answers');

    const again = await register({ ...signUp(), email: owner.email });
    expect(again.status).toBe(202);
    const notice = await stack.smtp.waitForOne(owner.email, /^Someone tried to sign up/);
    expect(notice.text).toContain(`username ${owner.username}`);
    expect(notice.text).toContain('If it was you, simply sign in.');
    expect(notice.text).toContain('https://uap.example/auth?tab=login');
    expect(notice.html).toContain('href="https://uap.example/auth?tab=login"');
    await eventually(async () => expect(await stack.notifications.mailBacklog()).toBe(0));
    // Only the one link of the owner's own sign-up ever went to the address.
    expect(stack.smtp.to(owner.email).filter((mail) => verificationTokenIn(mail))).toHaveLength(1);
  });

  it('sends a new link on request, which works where the first one was replaced', async () => {
    const member = signUp();
    expect((await register(member)).status).toBe(202);
    const first = await verificationTokenFromSmtp(stack.smtp, member.email);
    const resent = await stack
      .visitor()
      .post(
        '/api/verify-email/resend',
        { username: member.email },
        { 'x-forwarded-for': '203.0.113.250' },
      );
    expect(resent.status).toBe(202);
    const second = await verificationTokenFromSmtp(stack.smtp, member.email, first);
    expect(
      (
        await stack
          .visitor()
          .post('/api/verify-email', { token: second, password: member.password })
      ).status,
    ).toBe(200);
  });
});
