import { createEvent, MODERATION_STREAM, QuestionRejected } from '@uapqa/contracts';
import { toAddress, verificationTokenFromSmtp } from '@uapqa/notifications/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
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

describe.each(testBackends())('email from identity, through the gateway ($name)', (backend) => {
  const stack = stackForSuite(() => startNotificationsStack(backend));

  it('welcomes a member who registers, and not the staff or experts of the seed', async () => {
    const username = `newcomer_${Date.now().toString(36)}`;
    const email = `${username}@Example.com`;
    const registered = await stack.register(stack.visitor(), {
      username,
      email,
      password: 'correct horse battery',
      firstName: 'Nova',
    });
    expect(registered.status).toBe(200);

    const welcome = await stack.smtp.waitForOne(email.toLowerCase(), /^Welcome/);
    expect(toAddress(welcome!)).toBe(email.toLowerCase());
    expect(welcome!.text).toContain('Hello Nova,');

    // The seed's member is welcomed too; its experts and staff are not.
    await stack.smtp.waitFor('member@demo.uapqa.local');
    expect(stack.smtp.to('dana@demo.uapqa.local')).toHaveLength(0);
    expect(stack.smtp.to('admin@demo.uapqa.local')).toHaveLength(0);
  });

  it('sends a new link on request, which works where the first one was replaced', async () => {
    const member = signUp();
    const registered = await stack
      .visitor()
      .post('/api/register', member, { 'x-forwarded-for': '203.0.113.1' });
    expect(registered.status).toBe(202);
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

  it("takes a mail client's POST to the link, from its own origin with no cookie", async () => {
    const username = `unsub_${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const browser = stack.visitor();
    const verified = await stack.register(browser, {
      username,
      email,
      password: 'correct horse battery',
      firstName: 'Robin',
    });
    const { id } = (await verified.json()) as { id: number };
    await stack.bus.bus.publish(
      MODERATION_STREAM,
      createEvent(QuestionRejected, {
        questionId: '00000000-0000-4000-8000-00000000ee01',
        askerId: id,
        moderatorId: 2,
        moderationNotes: null,
        rejectedAt: new Date().toISOString(),
      }),
    );
    const mail = await stack.smtp.waitForOne(email, /^Your question was not approved/);
    const line = mail.headerLines.find((each) => each.key === 'list-unsubscribe')?.line ?? '';
    const link = new URL(/<(https:[^>]+)>/.exec(line)?.[1] ?? 'https://missing.example');
    expect(link.origin).toBe('https://uap.example');

    // The gateway exempts this one path from its cross-site guard: the signed token is the
    // credential.
    const done = await stack.gateway.app.request(
      `https://uap.example${link.pathname}${link.search}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.example',
        },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ kind: 'question_status' });
    const settings = await browser.get('/api/account/email-preferences');
    expect(settings.status).toBe(200);
    expect((await settings.json()).preferences).toMatchObject({ question_status: false });
  });
});
