import { randomBytes } from 'node:crypto';
import {
  createEvent,
  EmailVerificationRequested,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QuestionRejected,
  SignUpWithExistingEmail,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { verificationTokenIn } from '../src/testing/index.js';
import { type Member, newMember, registered, startNotifications } from './harness.js';

describe.each(testBackends())('email around sign-up ($name)', (backend) => {
  const stack = stackForSuite(() => startNotifications(backend));

  /** A sign-up as identity announces it: the account waits for its address to be confirmed. */
  function signUp(): Member {
    return { ...newMember(), firstName: 'Skye' };
  }

  /** Identity's request to confirm `member`'s address; the token is the link's secret. */
  async function verificationRequested(member: Member) {
    const token = randomBytes(32).toString('base64url');
    await stack.publish(
      IDENTITY_STREAM,
      createEvent(EmailVerificationRequested, {
        userId: member.userId,
        email: member.email,
        firstName: member.firstName,
        token,
        expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      }),
    );
    return token;
  }

  it('sends an unconfirmed address the link and nothing else; the rest waits for the confirmation', async () => {
    const member = signUp();
    const token = await verificationRequested(member);
    const link = await stack.smtp.waitForOne(member.email, /^Confirm your email address/);
    expect(link.text).toContain('Hello Skye,');
    expect(link.text).toMatch(/https:\/\/uap\.example\/verify-email\?token=[\w-]{40,}/);
    expect(link.html).toMatch(/href="https:\/\/uap\.example\/verify-email\?token=[\w-]{40,}"/);
    expect(link.text).toContain('(24 hours)');
    expect(verificationTokenIn(link)).toBe(token);

    // The link is marked sent a moment after the server took it: until then it is the backlog's
    // one message, and the wait below would pass before the rejection's mail was even written.
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    // Something mailable happens to the unconfirmed account: its mail waits, unsent.
    await stack.publish(
      MODERATION_STREAM,
      createEvent(QuestionRejected, {
        questionId: '00000000-0000-4000-8000-00000000aa01',
        askerId: member.userId,
        moderatorId: 2,
        moderationNotes: null,
        rejectedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(1));
    expect(stack.smtp.to(member.email).map((mail) => mail.subject)).toEqual([link.subject]);

    // Once the link is opened identity announces the account: the welcome, then what waited.
    await stack.publish(IDENTITY_STREAM, registered(member, null, 'user'));
    await stack.smtp.waitForOne(member.email, 'Welcome to UAP Answers');
    await stack.smtp.waitForOne(member.email, /not approved/);
  });

  it('tells the owner when someone signs up with their address, and sends no link', async () => {
    const owner = signUp();
    await verificationRequested(owner);
    await stack.publish(IDENTITY_STREAM, registered(owner, null, 'user'));
    await stack.smtp.waitForOne(owner.email, 'Welcome to UAP Answers');

    await stack.publish(
      IDENTITY_STREAM,
      createEvent(SignUpWithExistingEmail, {
        userId: owner.userId,
        email: owner.email,
        username: owner.username,
        firstName: owner.firstName,
      }),
    );
    const notice = await stack.smtp.waitForOne(owner.email, /^Someone tried to sign up/);
    expect(notice.text).toContain(`username ${owner.username}`);
    expect(notice.text).toContain('If it was you, simply sign in.');
    expect(notice.text).toContain('https://uap.example/auth?tab=login');
    expect(notice.html).toContain('href="https://uap.example/auth?tab=login"');
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    // Only the one link of the owner's own sign-up ever went to the address.
    expect(stack.smtp.to(owner.email).filter((mail) => verificationTokenIn(mail))).toHaveLength(1);
  });
});
