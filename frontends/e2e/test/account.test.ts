import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  describeInChromium,
  expectLaidOut,
  linkMailedTo,
  openAccountMenu,
  saveScreenshots,
  signUp,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

let members = 0;
const newName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++members}`;

describeInChromium('recovering and managing an account', () => {
  const harness = useHarness();

  it.each(WIDTHS)(
    'forgot password → the emailed link → a new password; the link works once (%i px)',
    async (width) => {
      const { page } = await harness.newPage(width);
      const username = newName('forgot');
      const email = `${username}@example.com`;
      // Another browser stays signed in: the reset signs it out.
      const { context: other } = await harness.newPage(width);
      await signUp(harness, other.request, { username, email, password: DEMO_PASSWORD });

      await page.goto('/auth?tab=login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      const form = page.getByRole('form', { name: 'Forgot password' });
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByTestId('reset-link-sent').waitFor();
      expect(await page.getByTestId('reset-link-sent').textContent()).toContain(email);
      await expectLaidOut(page, `forgot-password-sent-${width}`);

      const link = await linkMailedTo(harness, email, '/reset-password');
      expect(link.startsWith(harness.url)).toBe(true);
      await page.goto(link);
      const reset = page.getByRole('form', { name: 'Choose a new password' });
      await reset.getByLabel('New password', { exact: true }).fill('a fresh password');
      await reset.getByLabel('Confirm new password').fill('a different one');
      await reset.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await saveScreenshots(page, `reset-password-form-${width}`, [width]);
      await reset.getByLabel('Confirm new password').fill('a fresh password');
      await reset.getByRole('button', { name: 'Save new password' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await toast(page, 'Password changed').waitFor();
      expect((await other.request.get('/api/user')).status()).toBe(401);

      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Username').fill(username);
      await signIn.getByLabel('Password').fill('a fresh password');
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'Welcome back!').waitFor();

      // Opened again: the page says the link is spent and offers a new one.
      const { page: late } = await harness.newPage(width);
      await late.goto(link);
      const again = late.getByRole('form', { name: 'Choose a new password' });
      await again.getByLabel('New password', { exact: true }).fill('yet another password');
      await again.getByLabel('Confirm new password').fill('yet another password');
      await again.getByRole('button', { name: 'Save new password' }).click();
      const failure = late.getByTestId('reset-password-failure');
      await failure.waitFor();
      expect(await failure.textContent()).toMatch(/already been used/);
      await late.getByRole('form', { name: 'Forgot password' }).waitFor();
      await expectLaidOut(late, `reset-password-used-${width}`);
    },
    90_000,
  );

  it.each(WIDTHS)(
    'the account menu opens, its entries navigate, and Logout signs out (%i px)',
    async (width) => {
      const { page } = await harness.signedInPage(width, 'member');
      await page.waitForURL('**/dashboard');
      // The dashboard has no second bar of its own any more.
      expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
      let menu = await openAccountMenu(page);
      const entries = await menu.getByRole('menuitem').allTextContents();
      expect(entries).toEqual(['Dashboard', 'My Questions', 'Ask', 'Billing', 'Account', 'Logout']);
      await saveScreenshots(page, `account-menu-open-${width}`, [width]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      for (const [entry, path] of [
        ['My Questions', '/my-questions'],
        ['Ask', '/submit-question'],
        ['Billing', '/subscribe'],
        ['Account', '/account'],
        ['Dashboard', '/dashboard'],
      ] as const) {
        menu = await openAccountMenu(page);
        await menu.getByRole('menuitem', { name: entry, exact: true }).click();
        await page.waitForURL((url) => url.pathname === path);
      }
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByRole('banner').getByRole('button', { name: 'Account' }).count()).toBe(
        0,
      );
      await page.goto('/account');
      await page.waitForURL((url) => url.pathname === '/auth');

      // Staff see their own dashboard and none of a member's pages.
      const { page: admin } = await harness.signedInPage(width, 'admin');
      const adminMenu = await openAccountMenu(admin);
      expect(await adminMenu.getByRole('menuitem').allTextContents()).toEqual([
        'Dashboard',
        'Account',
        'Logout',
      ]);
      await adminMenu.getByRole('menuitem', { name: 'Dashboard' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin-dashboard');
    },
    90_000,
  );

  it.each(WIDTHS)(
    '/account changes the password and, through the link to the new address, the email (%i px)',
    async (width) => {
      const { page, context } = await harness.newPage(width);
      const username = newName('account');
      const email = `${username}@example.com`;
      await signUp(harness, context.request, { username, email, password: DEMO_PASSWORD });
      const { context: other } = await harness.newPage(width);
      expect(
        (
          await other.request.post('/api/login', {
            headers: { origin: harness.url },
            data: { username, password: DEMO_PASSWORD },
          })
        ).status(),
      ).toBe(200);

      await page.goto('/account');
      const password = page.getByRole('form', { name: 'Change your password' });
      await password.waitFor();
      await expectLaidOut(page, `account-${width}`);
      await password.getByLabel('Current password').fill('not my password');
      await password.getByLabel('New password', { exact: true }).fill('a better password');
      await password.getByLabel('Confirm new password').fill('a better password');
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByText('That is not your current password.').waitFor();
      await expectLaidOut(page, `account-wrong-password-${width}`);
      await password.getByLabel('Current password').fill(DEMO_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Password changed').waitFor();
      expect((await page.request.get('/api/user')).status()).toBe(200);
      expect((await other.request.get('/api/user')).status()).toBe(401);

      const newEmail = `moved_${email}`;
      const change = page.getByRole('form', { name: 'Change your email address' });
      await change.getByLabel('New email address').fill(newEmail);
      await change.getByLabel('Password').fill('a better password');
      await change.getByRole('button', { name: 'Send confirmation link' }).click();
      await page.getByTestId('email-change-pending').waitFor();
      expect(await page.getByTestId('account-email').textContent()).toBe(email);
      await saveScreenshots(page, `account-email-pending-${width}`, [width]);

      const link = await linkMailedTo(harness, newEmail, '/confirm-email-change');
      await page.goto(link);
      const outcome = page.getByTestId('confirm-email-change-outcome');
      await outcome.waitFor();
      expect(await outcome.textContent()).toContain(`Your email address is now ${newEmail}`);
      await expectLaidOut(page, `confirm-email-change-${width}`);
      await page.getByRole('link', { name: 'Back to your account' }).click();
      await page.getByTestId('account-email').filter({ hasText: newEmail }).waitFor();
    },
    90_000,
  );
});
