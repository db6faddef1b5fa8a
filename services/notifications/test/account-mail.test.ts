import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { startNotificationsStack } from './harness.js';

let counter = 0;
function newMember() {
  counter++;
  const username = `acct_${Date.now().toString(36)}${counter}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    firstName: 'Robin',
  };
}

/** The token of a link to `path` in a message's text. */
function tokenIn(text: string | undefined, path: string): string {
  const match = new RegExp(`https://uap\\.example${path}\\?token=([\\w-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe.each(testBackends())('the emails of account security ($name)', (backend) => {
  const stack = stackForSuite(() => startNotificationsStack(backend));

  it('mails the reset link, then tells the owner that the password changed', async () => {
    const member = newMember();
    await stack.register(stack.visitor(), member);
    const asked = await stack
      .visitor()
      .post('/api/password-reset', { email: member.email }, { 'x-forwarded-for': '203.0.113.9' });
    expect(asked.status).toBe(202);
    const mail = await stack.smtp.waitForOne(member.email, /^Choose a new password/);
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain('(60 minutes)');
    const token = tokenIn(mail.text, '/reset-password');
    expect(mail.html).toContain(`href="https://uap.example/reset-password?token=${token}"`);

    const done = await stack
      .visitor()
      .post('/api/password-reset/confirm', { token, password: 'a brand new password' });
    expect(done.status).toBe(200);
    const told = await stack.smtp.waitForOne(member.email, /password was changed$/);
    expect(told.text).toContain('with a password reset link');
    expect(told.text).toContain('https://uap.example/auth?tab=forgot');
  });

  it('tells the old address of a change asked and made; the new one gets the link', async () => {
    const member = newMember();
    const browser = stack.visitor();
    await stack.register(browser, member);
    const newEmail = `moved_${member.email}`;
    const asked = await browser.post('/api/account/email', {
      email: newEmail,
      password: member.password,
    });
    expect(asked.status).toBe(202);
    const notice = await stack.smtp.waitForOne(member.email, /email address was asked$/);
    expect(notice.text).toContain(`change its email address to ${newEmail}`);
    const link = await stack.smtp.waitForOne(newEmail, /^Confirm your new email address/);
    const token = tokenIn(link.text, '/confirm-email-change');

    expect((await stack.visitor().post('/api/account/email/confirm', { token })).status).toBe(200);
    const changed = await stack.smtp.waitForOne(member.email, /email address was changed$/);
    expect(changed.text).toContain(`changed to ${newEmail}`);

    // An address that has an account gets a notice, never a link.
    const other = newMember();
    await stack.register(stack.visitor(), other);
    expect(
      (await browser.post('/api/account/email', { email: other.email, password: member.password }))
        .status,
    ).toBe(202);
    const taken = await stack.smtp.waitForOne(other.email, /^Someone tried to use your address/);
    expect(taken.text).not.toContain('token=');
  });
});
