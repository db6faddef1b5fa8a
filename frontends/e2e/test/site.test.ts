import { join } from 'node:path';
import { readMailbox, toAddress } from '@uapqa/notifications/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithPassword,
  DEMO_PASSWORD,
  demoSession,
  describeInChromium,
  expectLaidOut,
  type Harness,
  linkMailedTo,
  saveScreenshots,
  useHarness,
  WIDTHS,
} from './harness.js';

/**
 * The window's scroll position, once it holds `expected` (within a pixel), polled for as long as
 * a page action may take (the position is set after the page has drawn, later on a busy machine).
 */
async function scrolledTo(page: Page, expected: (top: number) => boolean, what: string) {
  let top = -1;
  try {
    await expect
      .poll(async () => {
        top = await page.evaluate(() => window.scrollY);
        return expected(top);
      })
      .toBe(true);
  } catch {
    throw new Error(`${what}: the page stayed at ${top}`);
  }
  return top;
}

/** Scrolls to the foot of the page (the footer) and returns the position reached. */
async function scrollToFooter(page: Page): Promise<number> {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return scrolledTo(page, (top) => top > 300, 'scrolling down');
}

/** The invitation link of the approval email mailed to `email`. */
async function invitationMailedTo(harness: Harness, email: string): Promise<string> {
  for (let look = 0; look < 300; look++) {
    const links = (await readMailbox(join(harness.dataDir, 'mailbox')))
      .filter(({ mail }) => toAddress(mail) === email)
      .map(
        ({ mail }) =>
          /(https?:\/\/\S+\/auth\?tab=register&invite=[\w-]+)/.exec(mail.text ?? '')?.[1],
      )
      .filter((link): link is string => Boolean(link));
    if (links[0]) return links[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

describeInChromium('the small things of a real site', () => {
  const harness = useHarness();

  describe.each(WIDTHS)('at %i px', (width) => {
    it('links the privacy policy and the terms from the footer, each a page of its own', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL('**/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await page.title()).toBe('Privacy Policy | UAP Answers');
      await page.getByText('GET /api/account/export').waitFor();
      await page.getByText('frees your username and email address after 30 days').waitFor();
      await expectLaidOut(page, 'privacy');

      await footer.getByRole('link', { name: 'Terms of Service' }).click();
      await page.waitForURL('**/terms');
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      expect(await page.title()).toBe('Terms of Service | UAP Answers');
      await page.getByRole('heading', { name: 'Answered questions become public' }).waitFor();
      await expectLaidOut(page, 'terms');

      // Opened directly, both are pages the server knows, with their own head.
      for (const path of ['/privacy', '/terms']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
      }
    });

    it('opens every new page at its top, and Back returns to where the last one was left', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/privacy');
      await page.getByRole('heading', { name: 'Close your account' }).waitFor();
      const left = await scrollToFooter(page);

      // A link: the new page starts at its top, not at the old position.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await page.waitForURL('**/terms');
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      await scrolledTo(page, (top) => top === 0, 'the new page');

      // Back: the privacy policy where it was left.
      await page.goBack();
      await page.waitForURL('**/privacy');
      await scrolledTo(page, (top) => Math.abs(top - left) <= 1, 'Back');
      await saveScreenshots(page, 'scroll-restored', [width]);

      // The same through a remote's page, which draws itself after its data arrives.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Browse Q&A' }).click();
      await page.waitForURL('**/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      await scrolledTo(page, (top) => top === 0, 'the archive');
      const inArchive = await scrollToFooter(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL('**/privacy');
      await scrolledTo(page, (top) => top === 0, 'the privacy policy again');
      await page.goBack();
      await page.waitForURL('**/browse-qa');
      await scrolledTo(page, (top) => Math.abs(top - inArchive) <= 1, 'Back to the archive');
      await page.goForward();
      await page.waitForURL('**/privacy');
      await scrolledTo(page, (top) => top === 0, 'Forward');
    });

    it('answers 404 with the 404 page for an unknown page and an unknown question', async () => {
      const { page } = await harness.newPage(width);
      const unknown = await page.goto('/no-such-page');
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

      const question = await page.goto('/questions/00000000-0000-7000-8000-000000000000');
      expect(question?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Question not found' }).waitFor();
      await saveScreenshots(page, 'question-not-found', [width]);

      const [answered] = await (
        await (await harness.newPage(width)).context.request.get('/api/questions?limit=1')
      ).json();
      const found = await page.goto(`/questions/${answered.id}`);
      expect(found?.status()).toBe(200);
      await page.getByTestId('question-page').waitFor();
    });

    it('tells the member, before they send it, that an answered question becomes public', async () => {
      const { page } = await harness.signedInPage(width, 'member', '/submit-question');
      const note = page.getByTestId('ask-public-note');
      await note.waitFor();
      expect(await note.textContent()).toContain(
        'your question (its title, details, context and sources) and the answer become public in the archive',
      );
      // It sits just above the button that sends the question.
      const noteBox = (await note.boundingBox())!;
      const submit = (await page.getByRole('button', { name: 'Submit Question' }).boundingBox())!;
      expect(submit.y).toBeGreaterThan(noteBox.y);
      await note.scrollIntoViewIfNeeded();
      await saveScreenshots(page, 'ask-public-note', [width]);
    });
  });

  it('lets an expert approved in waitlist mode register through the link of the approval email', async () => {
    const { context: admin } = await demoSession(harness, 'admin');
    const headers = { origin: harness.url };
    const setWaitlist = async (value: 'true' | 'false') => {
      const response = await admin.request.post('/api/admin/settings/waitlist_enabled', {
        headers,
        data: { value },
      });
      expect(response.ok()).toBe(true);
    };
    await setWaitlist('true');
    try {
      const username = `invited_${Date.now().toString(36)}`;
      const email = `${username}@example.com`;
      const applied = await admin.request.post('/api/expert-applications', {
        headers,
        data: {
          name: 'Noor Invited',
          email,
          phone: '+1 555 0177',
          website: '',
          duration: 6,
          questionsPerWeek: 2,
          description: 'Former radar operator.',
        },
      });
      expect(applied.status()).toBe(201);
      const { id } = await applied.json();
      const approved = await admin.request.post(`/api/admin/expert-applications/${id}/approve`, {
        headers,
        data: {},
      });
      expect(approved.status()).toBe(200);

      for (const width of WIDTHS) {
        // Without the invitation, /auth offers the waitlist only.
        const { page } = await harness.newPage(width);
        await page.goto('/auth?tab=register');
        await page.getByTestId('waitlist-panel').waitFor();
        expect(await page.getByRole('tab', { name: 'Register' }).count()).toBe(0);
      }

      // The approval email's link opens the register form, waitlist mode or not.
      const link = await invitationMailedTo(harness, email);
      expect(link.startsWith(harness.url)).toBe(true);
      const { page } = await harness.newPage(WIDTHS[1]);
      await page.goto(link);
      await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
      await page.getByTestId('invitation-note').waitFor();
      await expectLaidOut(page, 'auth-invitation');
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await form.getByLabel('Confirm password').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: 'Create Account' }).click();
      await page
        .getByTestId('check-inbox')
        .getByRole('heading', { name: 'Check your inbox' })
        .waitFor();

      // The confirmation link signs the new member in; from here on they complete their profile.
      await page.goto(await linkMailedTo(harness, email));
      await confirmWithPassword(page, DEMO_PASSWORD);
      await page.waitForURL('**/subscribe');
      const me = await page.evaluate(async () => (await fetch('/api/user')).json());
      expect(me).toMatchObject({ username, email });

      // The link works once: another account with it is not made.
      const { page: again } = await harness.newPage(WIDTHS[0]);
      await again.goto(link);
      const second = await again.context().request.post('/api/register', {
        headers,
        data: {
          username: `${username}_2`,
          email,
          password: DEMO_PASSWORD,
          invite: new URL(link).searchParams.get('invite'),
        },
      });
      expect(second.status()).toBe(202);
      const users = await (
        await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`)
      ).json();
      expect(users.map((user: { username: string }) => user.username)).toEqual([username]);
    } finally {
      await setWaitlist('false');
    }
  });
});
