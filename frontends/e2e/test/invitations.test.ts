import { expect, it } from 'vitest';
import {
  describeInChromium,
  expectLaidOut,
  linkMailedTo,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

let invited = 0;
const newName = () => `invited_${Date.now().toString(36)}_${++invited}`;

describeInChromium('accounts created by invitation', () => {
  const harness = useHarness();

  it.each(WIDTHS)(
    'an admin invites a moderator, who chooses a password from the emailed link (%i px)',
    async (width) => {
      const { page: admin } = await harness.signedInPage(width, 'admin');
      await admin.waitForURL('**/admin-dashboard');
      const username = newName();
      const email = `${username}@example.com`;
      const form = admin.getByRole('form', { name: 'Invite someone' });
      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('Username').fill('admin');
      await form.getByLabel('Role').selectOption('moderator');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      // A taken username is said under its field.
      await form.getByText('This username is already taken.').waitFor();
      await form.getByLabel('Username').fill(username);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await toast(admin, 'Invitation sent').waitFor();
      const shown = await admin.getByLabel('Invitation link').inputValue();
      expect(shown).toContain('/accept-invitation?token=');
      await expectLaidOut(admin, `invite-someone-${width}`);

      const link = await linkMailedTo(harness, email, '/accept-invitation');
      expect(new URL(link).search).toBe(new URL(shown).search);
      const { page } = await harness.newPage(width);
      await page.goto(link);
      const create = page.getByRole('form', { name: 'Create your account' });
      await create.getByLabel('Password', { exact: true }).fill('a moderator password');
      await create.getByLabel('Confirm password').fill('a moderator password');
      await expectLaidOut(page, `accept-invitation-${width}`);
      await create.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/moderator-dashboard');
      await toast(page, 'Welcome!').waitFor();

      // The link is spent: opened again, the page says so and offers to sign in.
      const { page: late } = await harness.newPage(width);
      await late.goto(link);
      const again = late.getByRole('form', { name: 'Create your account' });
      await again.getByLabel('Password', { exact: true }).fill('another long password');
      await again.getByLabel('Confirm password').fill('another long password');
      await again.getByRole('button', { name: 'Create account' }).click();
      await late.getByRole('alert').filter({ hasText: 'already been used' }).waitFor();
      await late.getByRole('link', { name: 'Sign in' }).waitFor();
    },
    90_000,
  );
});
