import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  confirmFromInbox,
  describeInChromium,
  openAccountMenu,
  saveScreenshots,
  signIn,
  toast,
  useHarness,
} from './harness.js';

const MEMBERS_DIST = fileURLToPath(new URL('../../members/dist', import.meta.url));

describeInChromium('the web frontends in Chromium against the embedded stack', () => {
  const harness = useHarness();

  describe.each([1280, 390])('at %i px', (width) => {
    const mobile = width < 600;

    it('goes from the landing page to /auth, signs the member in and shows the dashboard', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Get Answers to Your Most Pressing Questions');
      await saveScreenshots(page, 'landing', [width]);
      if (mobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Side menu' });
        await menu.getByRole('link', { name: 'Contact' }).waitFor();
        await menu.getByRole('link', { name: 'Join Investigation' }).click();
      } else {
        await page.getByRole('banner').getByRole('link', { name: 'Join Investigation' }).click();
      }
      await page.waitForURL('**/auth');
      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      await saveScreenshots(page, 'auth', [width]);
      await page.getByLabel('Username').fill('member');
      await page.getByLabel('Password').fill('disclosure-demo');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: /Welcome back, / }).waitFor();
      for (const label of [
        'Subscription',
        'FOIA Credits',
        'Questions Asked',
        'Questions Answered',
      ]) {
        await page.getByText(label, { exact: true }).first().waitFor();
      }
      await page.getByRole('heading', { name: 'Your Recent Questions' }).waitFor();
      await saveScreenshots(page, 'dashboard', [width]);
    });

    it('shows visitors 100-character excerpts and members full answers, with load more', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      const answers = page.getByTestId('answer');
      await answers.first().waitFor();
      const excerpts = await answers.allTextContents();
      expect(excerpts.length).toBe(15);
      for (const text of excerpts) {
        expect(text.endsWith('...')).toBe(true);
        expect(text.length).toBeLessThanOrEqual(103);
      }
      await page.getByRole('link', { name: 'Sign Up to Read Full Answer' }).first().waitFor();
      await saveScreenshots(page, 'browse-qa-visitor', [width]);

      // Load more until the end-of-list text.
      await page.getByRole('button', { name: 'Load More Investigations' }).click();
      await expect.poll(() => page.getByTestId('question-card').count()).toBeGreaterThan(15);
      while (await page.getByRole('button', { name: 'Load More Investigations' }).isVisible()) {
        const before = await page.getByTestId('question-card').count();
        await page.getByRole('button', { name: 'Load More Investigations' }).click();
        await expect.poll(() => page.getByTestId('question-card').count()).toBeGreaterThan(before);
      }
      const total = await page.getByTestId('question-card').count();
      await page
        .getByText(`You've seen all ${total} investigations that match your current filters.`)
        .waitFor();

      await signIn(page, 'member');
      await page.goto('/browse-qa');
      await page.getByText('Full Answer Available').first().waitFor();
      const full = await page.getByTestId('answer').allTextContents();
      expect(full.some((text) => text.length > 103)).toBe(true);
      if (!mobile) await page.getByTestId('credit-balance').waitFor();
      await saveScreenshots(page, 'browse-qa-member', [width]);
    });

    it('loads React once: the shell and the members remote share one instance', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      const copies = await page.evaluate(() => {
        const map = (window as unknown as { __REACT_COPIES__?: Map<object, string[]> })
          .__REACT_COPIES__;
        return map ? [...map.values()] : [];
      });
      expect(copies).toHaveLength(1);
      expect(copies[0]).toEqual(expect.arrayContaining(['shell', 'members']));
    });

    it('shows a friendly error inside the layout when a remote cannot load', async () => {
      const { page } = await harness.newPage(width);
      await page.route('**/remotes/members/mf-manifest.json', (route) =>
        route.fulfill({ status: 404, body: 'Not Found' }),
      );
      await page.goto('/browse-qa');
      await page.getByTestId('remote-error').waitFor();
      await page.getByText('This section is temporarily unavailable').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'UAP Answers home' }).waitFor();
      await page.getByText('© 2025 UAP Answers. All rights reserved.').waitFor();
      await saveScreenshots(page, 'remote-error', [width]);

      // A remote that /remotes.json does not list (not deployed) gets the same message.
      await page.route('**/remotes.json', (route) =>
        route.fulfill({ json: { members: '/remotes/members/mf-manifest.json' } }),
      );
      await page.goto('/expert-dashboard');
      await page.getByTestId('remote-error').waitFor();
    });

    it('shows the 404 page for an unknown route', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page
        .getByText("The page you're looking for doesn't exist or has been moved.")
        .waitFor();
      await saveScreenshots(page, 'not-found', [width]);
    });
  });

  describe('member purchases and questions (1280 px)', () => {
    it('subscribes through the local card form, then submits a question', async () => {
      const { page } = await harness.newPage(1280);
      // The demo member is already a subscriber: a newcomer registers to buy the subscription.
      await page.goto('/auth?tab=register');
      await page.getByLabel('Username').fill('first_asker');
      await page.getByLabel('Email', { exact: true }).fill('first_asker@example.com');
      await page.getByLabel('Password', { exact: true }).fill('a long password');
      await page.getByLabel('Confirm password').fill('a long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await confirmFromInbox(harness, page, 'first_asker@example.com', 'a long password');

      await page.goto('/submit-question');
      await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
      await saveScreenshots(page, 'submit-question-subscription-required');

      await page.goto('/subscribe');
      await page.getByRole('heading', { name: 'Pricing & Access' }).waitFor();
      await expect
        .poll(() => page.getByTestId('subscription-status').textContent())
        .toBe('Inactive');
      await page.getByRole('button', { name: 'Subscription Required' }).first().waitFor();
      await saveScreenshots(page, 'subscribe');
      await page
        .getByTestId('plan-subscription')
        .getByRole('button', { name: 'Subscribe', exact: true })
        .click();
      await page.getByLabel('Card number').waitFor();
      await page.getByRole('button', { name: /Pay \$10/ }).click();
      await toast(page, 'You are now subscribed!').waitFor();
      await page.waitForURL('**/dashboard');
      await expect.poll(() => page.getByTestId('stat-subscription').textContent()).toBe('Active');
      await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('3');

      await page.goto('/submit-question');
      await page.getByTestId('cost-panel').getByText('1 Credit').waitFor();
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe('3');
      await page.getByTestId('expert-window').first().waitFor();
      await saveScreenshots(page, 'submit-question');
      await page.getByRole('button', { name: 'Submit Question' }).click();
      for (const message of [
        'Please select an expert',
        'Please select a category',
        'Please select at least one tag',
        'Question must be at least 10 characters',
        'Please provide more details',
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }

      await page.getByRole('combobox', { name: 'Expert' }).click();
      await page.getByRole('option', { name: 'Dana Whitfield' }).click();
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('checkbox').first().click();
      await page
        .getByLabel('Your question')
        .fill('What did the 1952 Washington radar operators see?');
      await page
        .getByLabel('Details')
        .fill('Several radar stations tracked objects over the capital for two weekends.');
      await page.getByRole('button', { name: 'Submit Question' }).click();
      await toast(page, 'Question Submitted!').waitFor();
      await page.waitForURL((url) => ['/', '/dashboard'].includes(url.pathname));
      await page.waitForURL('**/dashboard');
      await expect.poll(() => page.getByTestId('stat-credits').textContent()).toBe('2');
      await page.getByText('What did the 1952 Washington radar operators see?').waitFor();
    });
  });

  describe('session and waitlist mode (1280 px)', () => {
    it('registers a new account (passwords must match) and sends a contact message', async () => {
      const { page } = await harness.newPage(1280);
      await page.goto('/auth?tab=register');
      await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
      await saveScreenshots(page, 'auth-register');
      await page.getByLabel('Username').fill('newcomer');
      await page.getByLabel('Email', { exact: true }).fill('newcomer@example.com');
      await page.getByLabel('Password', { exact: true }).fill('a long password');
      await page.getByLabel('Confirm password').fill('another password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toast(page, 'Passwords do not match').waitFor();
      await page.getByLabel('Confirm password').fill('a long password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await confirmFromInbox(harness, page, 'newcomer@example.com', 'a long password');
      await page.goto('/');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Welcome back, newcomer' }).waitFor();

      await page.goto('/contact');
      await page.getByLabel('Message *').waitFor();
      await saveScreenshots(page, 'contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page, 'Missing Information').waitFor();
      await page.getByLabel('Name *').fill('New Comer');
      await page.getByLabel('Email *').fill('newcomer@example.com');
      await page.getByLabel('Message *').fill('How do I pick the right expert for my question?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toast(page, 'Message Sent!').waitFor();
    });

    it("hands what was typed into the footer's stand-in over to the newsletter form", async () => {
      const { page } = await harness.newPage(1280);
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Newsletter' });
      const box = form.getByLabel('Email address');
      // Typed at once: the real form (its box has an id) arrives while the visitor types.
      await box.focus();
      await page.keyboard.type('reader@');
      await expect.poll(() => box.getAttribute('id')).not.toBeNull();
      await page.keyboard.type('example.com');
      expect(await box.inputValue()).toBe('reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, 'Check your inbox').waitFor();
      await expect.poll(() => box.inputValue()).toBe('');
    });

    it('logs out to / and clears the session, even when the logout call fails', async () => {
      const { page } = await harness.signedInPage(1280, 'member');
      await page.waitForURL('**/dashboard');
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('banner').getByRole('link', { name: 'Join Investigation' }).waitFor();

      await signIn(page, 'member');
      await page.waitForURL('**/dashboard');
      await page.route('**/api/logout', (route) =>
        route.fulfill({ status: 500, body: '{"message":"Logout is broken"}' }),
      );
      // The dashboard refreshes the session each time it opens. A refresh still on its way when
      // the member logs out must not sign them back in: the failed logout left the cookie valid.
      let releaseSession = () => {};
      const sessionHeld = new Promise<void>((resolve) => {
        releaseSession = resolve;
      });
      await page.route('**/api/session', async (route) => {
        await sessionHeld;
        await route.continue();
      });
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'My Questions' }).click();
      await page.waitForURL('**/my-questions');
      const refreshAsked = page.waitForRequest('**/api/session');
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Dashboard' }).click();
      await refreshAsked;
      const refreshAnswered = page.waitForResponse('**/api/session');

      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
      await toast(page, 'Logout failed').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      releaseSession();
      await (await refreshAnswered).finished();
      // Two frames: time for the page to read that late answer and for React to draw the result.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const banner = page.getByRole('banner');
      await banner.getByRole('link', { name: 'Join Investigation' }).waitFor();
      expect(await banner.getByRole('button', { name: 'Account' }).count()).toBe(0);
    });

    it('switches the join buttons, hero, footer and /auth to the waitlist', async () => {
      const { context: adminContext } = await harness.newPage(1280);
      const headers = { origin: harness.url };
      const login = await adminContext.request.post('/api/login', {
        headers,
        data: { username: 'admin', password: 'disclosure-demo' },
      });
      expect(login.status()).toBe(200);
      const setWaitlist = async (value: 'true' | 'false') => {
        const response = await adminContext.request.post('/api/admin/settings/waitlist_enabled', {
          headers,
          data: { value },
        });
        expect(response.ok()).toBe(true);
      };
      await setWaitlist('true');
      try {
        const { page } = await harness.newPage(1280);
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).waitFor();
        expect(await page.getByRole('link', { name: 'Ask Your Questions Now' }).count()).toBe(0);
        await page.getByRole('heading', { name: 'Join the Waitlist' }).waitFor();
        await saveScreenshots(page, 'landing-waitlist');

        const hero = page.locator('#hero');
        await hero.getByRole('button', { name: 'Join Waitlist' }).click();
        await toast(page, 'Email Required').waitFor();
        await hero.getByLabel('Email address').fill('early@example.com');
        await hero.getByRole('button', { name: 'Join Waitlist' }).click();
        await toast(page, 'Welcome to the waitlist!').waitFor();

        await page.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).click();
        await page.getByTestId('waitlist-panel').waitFor();
        await saveScreenshots(page, 'auth-waitlist');
        // Waitlist mode closes registration, not sign-in.
        expect(await page.getByRole('tab', { name: 'Register' }).count()).toBe(0);
        await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      } finally {
        await setWaitlist('false');
      }
    });
  });

  describe('deployment (1280 px)', () => {
    it('loads a remote from wherever /remotes.json says it is deployed', async () => {
      const { page } = await harness.newPage(1280);
      const served: string[] = [];
      await page.route('**/remotes.json', (route) =>
        route.fulfill({ json: { members: `${harness.url}/cdn/members-v2/mf-manifest.json` } }),
      );
      await page.route('**/cdn/members-v2/**', (route) => {
        const path = new URL(route.request().url()).pathname.replace('/cdn/members-v2/', '');
        served.push(path);
        return route.fulfill({ path: join(MEMBERS_DIST, path) });
      });
      await page.goto('/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      expect(served).toContain('mf-manifest.json');
      expect(served).toContain('remoteEntry.js');
    });
  });
});
