import { randomBytes } from 'node:crypto';
import {
  createEvent,
  EmailChangeRequested,
  IDENTITY_STREAM,
  PasswordChanged,
  PasswordResetRequested,
  UserEmailChanged,
} from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { startNotifications } from './harness.js';

/** The token of a link to `path` in a message's text. */
function tokenIn(text: string | undefined, path: string): string {
  const match = new RegExp(`https://uap\\.example${path}\\?token=([\\w-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

const secret = () => randomBytes(32).toString('base64url');
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(testBackends())('the emails of account security ($name)', (backend) => {
  const stack = stackForSuite(() => startNotifications(backend));

  it('mails the reset link, then tells the owner that the password changed', async () => {
    const member = await stack.announceUser({ firstName: 'Robin' });
    const resetToken = secret();
    await stack.publish(
      IDENTITY_STREAM,
      createEvent(PasswordResetRequested, {
        userId: member.userId,
        email: member.email,
        firstName: member.firstName,
        token: resetToken,
        expiresAt: inMinutes(60),
      }),
    );
    const mail = await stack.smtp.waitForOne(member.email, /^Choose a new password/);
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain('(60 minutes)');
    const token = tokenIn(mail.text, '/reset-password');
    expect(token).toBe(resetToken);
    expect(mail.html).toContain(`href="https://uap.example/reset-password?token=${token}"`);

    await stack.publish(
      IDENTITY_STREAM,
      createEvent(PasswordChanged, {
        userId: member.userId,
        email: member.email,
        firstName: member.firstName,
        how: 'reset',
        changedAt: new Date().toISOString(),
      }),
    );
    const told = await stack.smtp.waitForOne(member.email, /password was changed$/);
    expect(told.text).toContain('with a password reset link');
    expect(told.text).toContain('https://uap.example/auth?tab=forgot');
  });

  it('tells the old address of a change asked and made; the new one gets the link', async () => {
    const member = await stack.announceUser({ firstName: 'Robin' });
    const newEmail = `moved_${member.email}`;
    const changeToken = secret();
    const requested = (to: string, token: string | null) =>
      createEvent(EmailChangeRequested, {
        userId: member.userId,
        currentEmail: member.email,
        newEmail: to,
        firstName: member.firstName,
        token,
        expiresAt: inMinutes(60),
      });
    await stack.publish(IDENTITY_STREAM, requested(newEmail, changeToken));
    const notice = await stack.smtp.waitForOne(member.email, /email address was asked$/);
    expect(notice.text).toContain(`change its email address to ${newEmail}`);
    const link = await stack.smtp.waitForOne(newEmail, /^Confirm your new email address/);
    expect(tokenIn(link.text, '/confirm-email-change')).toBe(changeToken);

    await stack.publish(
      IDENTITY_STREAM,
      createEvent(UserEmailChanged, {
        userId: member.userId,
        username: member.username,
        email: newEmail,
        firstName: member.firstName,
        lastName: 'Tester',
        role: 'user',
        previousEmail: member.email,
      }),
    );
    const changed = await stack.smtp.waitForOne(member.email, /email address was changed$/);
    expect(changed.text).toContain(`changed to ${newEmail}`);

    // An address that has an account gets a notice, never a link (identity sends no token).
    const other = await stack.announceUser();
    await stack.publish(IDENTITY_STREAM, requested(other.email, null));
    const taken = await stack.smtp.waitForOne(other.email, /^Someone tried to use your address/);
    expect(taken.text).not.toContain('token=');
  });
});
