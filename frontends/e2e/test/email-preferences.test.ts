import { join } from 'node:path';
import { readMailbox, toAddress } from '@uapqa/notifications/testing';
import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  type Harness,
  PHONE,
  signUp,
  toast,
  useHarness,
} from './harness.js';

/** The List-Unsubscribe link of the first email to `email` whose subject matches, as mailed. */
async function unsubscribeLinkMailedTo(
  harness: Harness,
  email: string,
  subject: RegExp,
): Promise<string> {
  for (let look = 0; ; look++) {
    const mails = (await readMailbox(join(harness.dataDir, 'mailbox'))).filter(
      ({ mail }) => toAddress(mail) === email && subject.test(mail.subject ?? ''),
    );
    const line = mails[0]?.mail.headerLines.find((each) => each.key === 'list-unsubscribe')?.line;
    const link = line && /<([^>]+)>/.exec(line)?.[1];
    if (link) return link;
    if (look > 300) throw new Error(`no email matching ${subject} mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeInChromium("unsubscribing from an email's link, and the email settings", () => {
  const harness = useHarness();

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'the link asks first, the press switches the kind off, and a switch changes another (%s)',
    async (name, width) => {
      const { context, page } = await harness.newPage(width);
      const username = `unsub_${name}_${Date.now().toString(36)}`;
      const email = `${username}@example.com`;
      await signUp(harness, context.request, { username, email, password: DEMO_PASSWORD });
      const preferences = async () =>
        (await (await context.request.get('/api/account/email-preferences')).json()).preferences;

      // The welcome is a "tips and offers" email: it carries the one-click link.
      const link = await unsubscribeLinkMailedTo(harness, email, /^Welcome to UAP Answers/);
      expect(link.startsWith(`${harness.url}/api/unsubscribe?token=`)).toBe(true);

      // Opening it (as a person, or a link scanner) only shows what would be switched off.
      await page.goto(link);
      await page.waitForURL('**/unsubscribe?token=*');
      const card = page.getByTestId('unsubscribe');
      await card.getByText('Switch off tips and offers emails sent to').waitFor();
      expect((await preferences()).marketing).toBe(true);
      await expectLaidOut(page, `unsubscribe-ask-${name}`);

      await card.getByRole('button', { name: 'Unsubscribe from tips and offers' }).click();
      await page.getByTestId('unsubscribe-done').waitFor();
      expect((await preferences()).marketing).toBe(false);

      // Signed in: the email settings follow, with the kind now off.
      const settings = page.getByTestId('email-preferences');
      const marketing = settings.getByRole('switch', { name: 'Tips and offers' });
      await expect.poll(() => marketing.isChecked()).toBe(false);
      const security = settings.getByRole('switch', { name: 'Security' });
      expect(await security.isChecked()).toBe(true);
      expect(await security.isDisabled()).toBe(true);
      await settings.getByText('Always sent: they protect your account.').waitFor();

      const answers = settings.getByRole('switch', { name: 'Answers' });
      expect(await answers.isChecked()).toBe(true);
      await answers.click();
      await toast(page, 'Answers emails are off.').waitFor();
      expect(await answers.isChecked()).toBe(false);
      await expect.poll(async () => (await preferences()).answers).toBe(false);
      await expectLaidOut(page, `unsubscribe-done-${name}`);

      // A link whose token was altered is refused, and says what to do.
      await page.goto(`/unsubscribe?token=${encodeURIComponent(`${link.split('token=')[1]}x`)}`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'This unsubscribe link is not valid' })
        .waitFor();
    },
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'the newsletter confirmation link of an email confirms the address, once (%s)',
    async (name, width) => {
      const { page } = await harness.newPage(width);
      const email = `reader_${name}_${Date.now().toString(36)}@example.com`;
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.getByLabel('Email address').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, 'Check your inbox').waitFor();

      let link: string | undefined;
      for (let look = 0; !link; look++) {
        const mails = await readMailbox(join(harness.dataDir, 'mailbox'));
        link = mails
          .filter(({ mail }) => toAddress(mail) === email)
          .map(
            ({ mail }) =>
              /(https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+)/.exec(mail.text ?? '')?.[1],
          )
          .find(Boolean);
        if (look > 300) throw new Error(`no confirmation link mailed to ${email}`);
        if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await page.goto(link);
      const card = page.getByTestId('newsletter-confirm');
      await card
        .getByRole('status')
        .filter({ hasText: 'Your subscription is confirmed' })
        .waitFor();
      await expectLaidOut(page, `newsletter-confirmed-${name}`);

      await page.reload();
      await card.getByRole('alert').filter({ hasText: 'already used or is not valid' }).waitFor();
    },
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('the Emails section of /account switches a kind with a press (%s)', async (name, width) => {
    const { context, page } = await harness.newPage(width);
    const username = `emails_${name}_${Date.now().toString(36)}`;
    await signUp(harness, context.request, {
      username,
      email: `${username}@example.com`,
      password: DEMO_PASSWORD,
    });
    const preferences = async () =>
      (await (await context.request.get('/api/account/email-preferences')).json()).preferences;

    await page.goto('/account#emails');
    const section = page.getByTestId('account-section-emails');
    await section.getByRole('heading', { name: 'Emails' }).waitFor();
    const newsletter = section.getByRole('switch', { name: 'Newsletter' });
    await newsletter.waitFor();
    expect(await newsletter.isChecked()).toBe(false);
    const updates = section.getByRole('switch', { name: 'Question updates' });
    expect(await updates.isChecked()).toBe(true);
    expect(await section.getByRole('switch', { name: 'Receipts' }).isDisabled()).toBe(true);

    await newsletter.click();
    await toast(page, 'Newsletter emails are on.').waitFor();
    await updates.click();
    await toast(page, 'Question updates emails are off.').waitFor();
    await expect
      .poll(preferences)
      .toMatchObject({ newsletter: true, question_status: false, answers: true });
    await page.reload();
    await expect
      .poll(() => section.getByRole('switch', { name: 'Newsletter' }).isChecked())
      .toBe(true);
    await expectLaidOut(page, `account-emails-${name}`);
  });
});
