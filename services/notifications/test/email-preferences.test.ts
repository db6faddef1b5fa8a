import {
  BILLING_STREAM,
  CreditsPurchased,
  createEvent,
  type EmailPreferences,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionRejected,
  SignUpWithExistingEmail,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { startNotifications } from './harness.js';

/** A header exactly as the message carries it (mailparser folds List-* headers together). */
function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((each) => each.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The path and query of a mail's List-Unsubscribe link (`<https://uap.example/…>`). */
function unsubscribeLink(mail: ParsedMail): string {
  const url = /^<(https:[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
  if (!url) throw new Error(`${mail.subject}: no List-Unsubscribe link`);
  const parsed = new URL(url);
  expect(parsed.origin).toBe('https://uap.example');
  return `${parsed.pathname}${parsed.search}`;
}

describe.each(testBackends())(
  'kinds of email, preferences and unsubscribing ($name)',
  (backend) => {
    const stack = stackForSuite(() => startNotifications(backend));
    let questions = 0;
    let members = 0;

    /** A member identity announced, welcomed, signed in on `browser`. */
    async function member() {
      const username = `prefs_${Date.now().toString(36)}${++members}`;
      const { userId, email } = await stack.announceUser({
        username,
        email: `${username}@example.com`,
        firstName: 'Robin',
      });
      await stack.smtp.waitForOne(email, 'Welcome to UAP Answers');
      return { userId, email, browser: await stack.signedIn({ id: userId, role: 'user' }) };
    }

    const preferences = async (browser: Browser) => {
      const res = await browser.get('/api/account/email-preferences');
      expect(res.status).toBe(200);
      return ((await res.json()) as EmailPreferences).preferences;
    };

    const put = (browser: Browser, body: unknown) =>
      stack.service.app.request('http://localhost/api/account/email-preferences', {
        method: 'PUT',
        headers: {
          origin: 'http://localhost',
          'content-type': 'application/json',
          cookie: browser.jar.header() ?? '',
        },
        body: JSON.stringify(body),
      });

    /** What a mail client sends to a List-Unsubscribe link: no cookie, from its own origin. */
    const oneClick = (path: string, body = 'List-Unsubscribe=One-Click') =>
      stack.service.app.request(`https://uap.example${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.example',
        },
        body,
      });

    const rejected = (askerId: number) =>
      stack.publish(
        MODERATION_STREAM,
        createEvent(QuestionRejected, {
          questionId: `00000000-0000-4000-8000-${String(++questions).padStart(12, '0')}`,
          askerId,
          moderatorId: 2,
          moderationNotes: null,
          rejectedAt: new Date().toISOString(),
        }),
      );
    const answered = (askerId: number, title: string) =>
      stack.publish(
        QUESTIONS_STREAM,
        createEvent(QuestionAnswered, {
          questionId: `00000000-0000-4000-8000-${String(++questions).padStart(12, '0')}`,
          askerId,
          expertId: 3,
          title,
          answeredAt: new Date().toISOString(),
        }),
      );
    const purchased = (userId: number) =>
      stack.publish(
        BILLING_STREAM,
        createEvent(CreditsPurchased, {
          userId,
          source: 'small',
          credits: 3,
          amountCents: 2500,
          paymentId: `pi_prefs_${++questions}`,
          balance: 3,
        }),
      );

    it('skips a kind the member switched off, still sends security and receipts, and records why', async () => {
      const { browser, userId, email } = await member();
      expect(await preferences(browser)).toEqual({
        question_status: true,
        answers: true,
        newsletter: false,
        marketing: true,
      });
      const refused = await put(browser, { receipts: false });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(
        'Only these kinds can be switched off',
      );
      expect((await put(browser, {})).status).toBe(400);
      expect((await put(browser, { answers: 'no' })).status).toBe(400);

      const changed = await put(browser, { answers: false });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as EmailPreferences).preferences.answers).toBe(false);
      expect((await preferences(browser)).question_status).toBe(true);

      const skippedBefore = (await stack.stats()).mail.skipped;
      await answered(userId, 'Switched-off answer');
      await rejected(userId);
      await purchased(userId);
      const rejection = await stack.smtp.waitForOne(email, /^Your question was not approved/);
      const receipt = await stack.smtp.waitForOne(email, /^Your UAP Answers receipt/);
      await eventually(async () =>
        expect((await stack.stats()).mail.skipped).toBe(skippedBefore + 1),
      );
      await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
      expect(stack.smtp.to(email).some((mail) => /answered/.test(mail.subject ?? ''))).toBe(false);

      // Switchable kinds carry the one-click headers; a receipt does not.
      expect(unsubscribeLink(rejection)).toMatch(/^\/api\/unsubscribe\?token=[\w.%-]+$/);
      expect(header(rejection, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(rejection.text).toContain(
        'Switch them off: https://uap.example/api/unsubscribe?token=',
      );
      expect(header(receipt, 'List-Unsubscribe')).toBeUndefined();
      expect(header(receipt, 'List-Unsubscribe-Post')).toBeUndefined();
    });

    it('switches a kind off from the link, with no session, once it is POSTed; a GET changes nothing', async () => {
      const { browser, userId, email } = await member();
      await rejected(userId);
      const mail = await stack.smtp.waitForOne(email, /^Your question was not approved/);
      const link = unsubscribeLink(mail);
      const token = new URL(link, 'https://uap.example').searchParams.get('token')!;

      // Opening the link (or a scanner fetching it) only leads to the page.
      const opened = await stack.visitor().get(link);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(
        `/unsubscribe?token=${encodeURIComponent(token)}`,
      );
      const details = await stack
        .visitor()
        .get(`/api/unsubscribe/details?token=${encodeURIComponent(token)}`);
      expect(details.status).toBe(200);
      const described = (await details.json()) as Record<string, unknown>;
      expect(described).toMatchObject({ kind: 'question_status', subscribed: true });
      expect(described.address).toMatch(/^pr•+@example\.com$/);
      expect((await preferences(browser)).question_status).toBe(true);

      // A forged or altered token is refused, and so is a body that is not the one-click form.
      const [header, payload, signature] = token.split('.');
      const otherUser = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
          sub: `user:${userId + 1}`,
        }),
      ).toString('base64url');
      for (const forged of [`${header}.${otherUser}.${signature}`, `${token}x`, 'not-a-token']) {
        const res = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(forged)}`);
        expect(res.status).toBe(400);
      }
      expect((await oneClick(link, 'List-Unsubscribe=Later')).status).toBe(400);
      expect((await preferences(browser)).question_status).toBe(true);

      const done = await oneClick(link);
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ kind: 'question_status' });
      expect(await preferences(browser)).toMatchObject({ question_status: false, answers: true });
      expect((await oneClick(link)).status).toBe(200);
    });

    it('caps sign-up attempt notices at 3 in 24 hours per account, whatever the source address', async () => {
      const owner = await member();
      const skippedBefore = (await stack.stats()).mail.skipped;
      // Identity announces each attempt, whatever network it came from.
      for (let attempt = 0; attempt < 5; attempt++) {
        await stack.publish(
          IDENTITY_STREAM,
          createEvent(SignUpWithExistingEmail, {
            userId: owner.userId,
            email: owner.email,
            username: `attempt_${attempt}_${owner.userId}`,
            firstName: 'Robin',
          }),
        );
      }
      // All five handled: two kept back as skipped, nothing left to send.
      await eventually(async () => {
        expect((await stack.stats()).mail.skipped).toBe(skippedBefore + 2);
        expect(await stack.service.mailBacklog()).toBe(0);
      });
      const notices = stack.smtp
        .to(owner.email)
        .filter((mail) => /^Someone tried/.test(mail.subject ?? ''));
      expect(notices).toHaveLength(3);
      const [notice] = notices;
      expect(header(notice!, 'List-Unsubscribe')).toBeUndefined();
    });

    // The newsletter shares this service: the figures it checks are differences.
    describe('newsletter double opt-in', () => {
      const subscribe = (email: string) =>
        stack.visitor().post('/api/newsletter/subscribe', { email, source: 'footer' });

      const adminSession = () => stack.signedIn({ id: 1, role: 'admin' });

      it('counts and mails an address only once its link is opened; the link works once', async () => {
        const email = `reader_${Date.now().toString(36)}@example.com`;
        const before = (await stack.stats()).newsletter;
        const first = await subscribe(email);
        expect(first.status).toBe(200);
        const confirmation = await stack.smtp.waitForOne(email, /^Confirm your subscription/);
        expect(header(confirmation, 'List-Unsubscribe')).toBeUndefined();
        expect((await stack.stats()).newsletter).toBe(before);
        // Asking again answers the same and sends nothing more within the hour.
        const again = await subscribe(email);
        expect(await again.json()).toEqual(await first.json());

        const admin = await adminSession();
        const issue = { subject: 'The radar issue', text: 'This month: what the radar saw.' };
        const early = await admin.post('/api/notifications/newsletter', issue);
        expect(early.status).toBe(202);
        await eventually(async () => expect(await stack.service.mailBacklog()).toBe(0));
        expect(stack.smtp.to(email).map((mail) => mail.subject)).toEqual([confirmation.subject]);

        const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(confirmation.text ?? '')?.[1];
        expect(token).toBeTruthy();
        const confirmed = await stack.visitor().post('/api/newsletter/confirm', { token });
        expect(confirmed.status).toBe(200);
        expect((await stack.stats()).newsletter).toBe(before + 1);
        expect((await stack.visitor().post('/api/newsletter/confirm', { token })).status).toBe(400);

        expect((await admin.post('/api/notifications/newsletter', issue)).status).toBe(202);
        const sent = await stack.smtp.waitForOne(email, 'The radar issue');
        expect(header(sent, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        const unsubscribed = await stack.service.app.request(
          `https://uap.example${unsubscribeLink(sent)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          },
        );
        expect(unsubscribed.status).toBe(200);
        expect((await stack.stats()).newsletter).toBe(before);
      });
    });
  },
);
