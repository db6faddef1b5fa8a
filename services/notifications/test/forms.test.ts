import { rm } from 'node:fs/promises';
import { FORM_BODY_MAX_BYTES, FORM_TEXT_MAX } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { notificationsForTests, toAddress } from '../src/testing/index.js';
import { startNotifications } from './harness.js';

describe.each(testBackends())('waitlist, newsletter and contact ($name)', (backend) => {
  let n = 0;
  const address = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++n}@example.com`;

  const stack = stackForSuite(() =>
    startNotifications(backend, { STAFF_EMAIL: 'staff@uap.example' }),
  );

  it.each([
    ['/api/waitlist/join', { email: '', source: 'hero' }, 'Please enter your email address.'],
    ['/api/waitlist/join', { email: '   ', source: 'page' }, 'Please enter your email address.'],
    ['/api/waitlist/join', { source: 'footer' }, 'Please enter your email address.'],
    ['/api/waitlist/join', { email: 'not-an-email', source: 'hero' }, 'valid email address'],
    ['/api/waitlist/join', { email: 'a@example.com', source: 'sidebar' }, 'hero, footer, page'],
    ['/api/waitlist/join', { email: 'a@example.com' }, 'hero, footer, page'],
    [
      '/api/newsletter/subscribe',
      { email: '', source: 'footer' },
      'Please enter your email address.',
    ],
    ['/api/newsletter/subscribe', { email: 'a@example.com', source: 'hero' }, 'footer'],
    ['/api/newsletter/subscribe', '{"email":', 'valid JSON'],
  ])('%s refuses %j with a 400 { message }', async (path, body, message) => {
    const response = await stack.visitor().post(path, body);
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.message).toContain(message);
  });

  it('joins the waitlist once per address, normalised, and confirms it by one email', async () => {
    const before = (await stack.stats()).waitlist;
    const email = address('Waiting');
    const visitor = stack.visitor();
    const first = await visitor.post('/api/waitlist/join', {
      email: `  ${email.toUpperCase()} `,
      source: 'hero',
    });
    expect(first.status).toBe(200);
    expect((await first.clone().json()).message).toMatch(/waitlist/i);
    // Again, and twice at the same moment: the same answer, nothing added.
    const again = await Promise.all(
      ['footer', 'page'].map((source) => visitor.post('/api/waitlist/join', { email, source })),
    );
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    expect((await again[0]!.json()).message).toBe((await first.clone().json()).message);
    expect((await stack.stats()).waitlist).toBe(before + 1);

    const [confirmation] = await stack.smtp.waitFor(email.toLowerCase(), 1);
    expect(toAddress(confirmation!)).toBe(email.toLowerCase());
    expect(confirmation!.subject).toMatch(/waitlist/i);
    expect(confirmation!.text).toContain("You'll be notified first when we launch.");
    expect(confirmation!.html).toContain('https://uap.example/');
    // Still one message once a later join's has gone out and nothing is pending: the second
    // join enqueued nothing.
    const later = address('later');
    expect(
      (await visitor.post('/api/waitlist/join', { email: later, source: 'hero' })).status,
    ).toBe(200);
    await stack.smtp.waitFor(later, 1);
    await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
    expect(stack.smtp.to(email.toLowerCase())).toHaveLength(1);
  });

  it('keeps one newsletter row per address, answers 200 both times, and counts it once confirmed', async () => {
    const before = await stack.stats();
    const email = address('reader');
    for (const spelling of [email, email.toUpperCase()]) {
      const response = await stack.visitor().post('/api/newsletter/subscribe', {
        email: spelling,
        source: 'footer',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        message: 'Almost done: open the link we emailed you to confirm your subscription.',
      });
    }
    // One confirmation link for both spellings; the address counts once it is opened.
    const [link] = await stack.smtp.waitFor(email.toLowerCase(), 1);
    expect((await stack.stats()).newsletter).toBe(before.newsletter);
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(link!.text ?? '')?.[1];
    expect((await stack.visitor().post('/api/newsletter/confirm', { token })).status).toBe(200);
    expect((await stack.stats()).newsletter).toBe(before.newsletter + 1);
  });

  it.each([
    [{ email: 'x@example.com', message: 'Hello there' }, 'name', 'Please enter your name.'],
    [{ name: 'Ann', message: 'Hello there' }, 'email', 'Please enter your email address.'],
    [{ name: 'Ann', email: 'nope', message: 'Hi' }, 'email', 'valid email address'],
    [
      { name: 'Ann', email: 'x@example.com', message: '  ' },
      'message',
      'Please enter your message.',
    ],
    [
      { name: 'Ann', email: 'x@example.com', subject: 'Hi\r\nBcc: all@example.com', message: 'Hi' },
      'subject',
      'Subject must be a single line of text, without line breaks or control characters.',
    ],
    [
      { name: 'Ann\nBcc: all@example.com', email: 'x@example.com', message: 'Hello there' },
      'name',
      'Name must be a single line of text, without line breaks or control characters.',
    ],
  ])(
    'refuses an incomplete or malformed contact message with 400 { error } %#',
    async (body, field, error) => {
      const before = (await stack.stats()).contactMessages;
      const response = await stack.visitor().post('/api/contact', body);
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json.error).toContain(error);
      expect(json.message).toBe(json.error);
      expect(json.field).toBe(field);
      expect((await stack.stats()).contactMessages).toBe(before);
    },
  );

  it('stores a contact message and emails staff, replies going to the sender', async () => {
    const before = (await stack.stats()).contactMessages;
    const sender = address('curious');
    const response = await stack.visitor().post('/api/contact', {
      name: 'Ann <b>Bold</b>',
      email: sender,
      message: 'Line one & <script>alert(1)</script>\nLine two',
    });
    expect(response.status).toBe(201);
    expect((await response.json()).message).toMatch(/sent/i);
    expect((await stack.stats()).contactMessages).toBe(before + 1);

    const mails = await stack.smtp.waitFor('staff@uap.example', before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Contact form: (no subject) (from Ann <b>Bold</b>)');
    expect(mail.replyTo?.value[0]?.address).toBe(sender);
    expect(mail.text).toContain('Line one & <script>alert(1)</script>\nLine two');
    expect(mail.html).toContain('Line one &amp; &lt;script&gt;alert(1)&lt;/script&gt;<br>');
    expect(mail.html).toContain('Ann &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('caps each free-text field of a contact message, and the whole body, with a sentence', async () => {
    const before = (await stack.stats()).contactMessages;
    const valid = { name: 'Ann', email: address('long'), message: 'Hello there' };
    for (const [field, value] of [
      ['name', 'n'.repeat(FORM_TEXT_MAX.name + 1)],
      ['subject', 's'.repeat(FORM_TEXT_MAX.subject + 1)],
      ['message', 'm'.repeat(FORM_TEXT_MAX.message + 1)],
    ] as const) {
      const response = await stack.visitor().post('/api/contact', { ...valid, [field]: value });
      expect(response.status, field).toBe(400);
      const json = await response.json();
      expect(json.field, field).toBe(field);
      expect(json.message, field).toMatch(/must be at most \d+ characters/);
    }
    const huge = await stack
      .visitor()
      .post('/api/contact', { ...valid, padding: 'p'.repeat(FORM_BODY_MAX_BYTES) });
    expect(huge.status).toBe(413);
    const json = await huge.json();
    expect(json.message).toBe(
      `Your message is too long: it may take at most ${FORM_BODY_MAX_BYTES / 1024} KB in all.`,
    );
    expect(json.error).toBe(json.message);
    expect((await stack.stats()).contactMessages).toBe(before);
  });

  it('limits each form per client address', async () => {
    // The service alone: the gateway in front passes the client address in X-Forwarded-For.
    const database = await backend.database();
    const bus = await backend.bus('limits');
    const service = await notificationsForTests({ FORM_RATE_LIMIT_PER_MINUTE: '3' }).start({
      databaseUrl: database.url,
      bus: bus.bus,
      identityFetch: () => Promise.reject(new Error('no identity here')),
    });
    const post = (path: string, body: unknown, ip: string) =>
      service.app.request(`http://notifications.internal${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${ip}, 10.0.0.1` },
        body: JSON.stringify(body),
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await post(
          '/api/newsletter/subscribe',
          { email: address('burst'), source: 'footer' },
          '203.0.113.7',
        );
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
          expect((await response.json()).message).toMatch(/too many/i);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = { email: address('other'), source: 'footer' };
      expect((await post('/api/newsletter/subscribe', other, '198.51.100.2')).status).toBe(200);
      const contact = { name: 'Ann', email: address('ann'), message: 'Another form.' };
      expect((await post('/api/contact', contact, '203.0.113.7')).status).toBe(201);
      for (let i = 0; i < 3; i++) await post('/api/contact', contact, '203.0.113.7');
      const refused = await post('/api/contact', contact, '203.0.113.7');
      expect(refused.status).toBe(429);
      const body = await refused.json();
      expect(body.error).toBe(body.message);
    } finally {
      await service.stop();
      await bus.cleanup();
      await database.drop();
      await rm(service.mailTarget.target, { recursive: true, force: true }); // its temporary mailbox
    }
  });
});
