import { expect, it } from 'vitest';
import {
  confirmWithPassword,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  linkMailedTo,
  PHONE,
  saveScreenshots,
  toast,
  useHarness,
} from './harness.js';

describeInChromium('signing up through the link of the confirmation email', () => {
  const harness = useHarness();

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'register → check your inbox → the link from the mailbox → signed in (%s)',
    async (name, width) => {
      const { context, page } = await harness.newPage(width);
      const username = `confirm_${name}_${Date.now().toString(36)}`;
      const email = `${username}@example.com`;
      const password = 'a long enough password';

      await page.goto('/auth?tab=register');
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByLabel('First name').fill('Skye');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm password').fill(password);
      await form.getByRole('button', { name: 'Create Account' }).click();
      const inbox = page.getByTestId('check-inbox');
      await inbox.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      expect(await inbox.textContent()).toContain(
        `We sent a link to ${email}. Open it to finish creating your account.`,
      );
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');
      await expectLaidOut(page, `verify-email-inbox-${name}`);

      // Signing in before opening the link says what to do, and offers the link again.
      await page.getByRole('tab', { name: 'Sign In' }).click();
      const login = page.getByRole('form', { name: 'Sign in' });
      await login.getByLabel('Username').fill(username);
      await login.getByLabel('Password').fill(password);
      await login.getByRole('button', { name: 'Sign In', exact: true }).click();
      const notice = page.getByTestId('unconfirmed-email');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Please confirm your email address first');
      await saveScreenshots(page, `verify-email-unconfirmed-${name}`, [width]);
      await notice.getByRole('button', { name: 'Send the link again' }).click();
      await toast(page, 'Link sent').waitFor();

      // The link of the email, opened as a mail program would: the member is signed in.
      const link = await linkMailedTo(harness, email);
      expect(link.startsWith(harness.url)).toBe(true);
      await page.goto(link);
      await confirmWithPassword(page, password);
      await page.waitForURL('**/subscribe');
      await toast(page, 'Email confirmed').waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/user')).json());
      expect(me).toMatchObject({ username, email });
      await saveScreenshots(page, `verify-email-signed-in-${name}`, [width]);

      // Opened again (another browser): used, with what to do instead.
      const { page: other } = await harness.newPage(width);
      await other.goto(link);
      await confirmWithPassword(other, password);
      const failure = other.getByTestId('verify-email-failure');
      await failure.waitFor();
      expect(await failure.textContent()).toMatch(/already been used.*please sign in/);
      await other.getByRole('button', { name: 'Sign in' }).waitFor();
      await expectLaidOut(other, `verify-email-used-${name}`);

      await other.goto('/verify-email?token=not-a-real-token');
      await confirmWithPassword(other, password);
      await other
        .getByTestId('verify-email-failure')
        .filter({ hasText: 'This confirmation link is not valid' })
        .waitFor();
      await other.getByRole('button', { name: 'Send the link again' }).waitFor();
      await saveScreenshots(other, `verify-email-invalid-${name}`, [width]);
      await context.close();
    },
    90_000,
  );
});
