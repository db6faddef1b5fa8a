import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  describeInChromium,
  expectLaidOut,
  signUp,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

let members = 0;
const newName = () => `managed_${Date.now().toString(36)}_${++members}`;

describeInChromium('user management', () => {
  const harness = useHarness();

  it.each(WIDTHS)(
    'an admin finds a member, grants credits, suspends and reinstates them, changes their role, each in the audit log (%i px)',
    async (width) => {
      const username = newName();
      const { context: memberContext } = await harness.newPage(width);
      await signUp(harness, memberContext.request, {
        username,
        email: `${username}@example.com`,
        password: DEMO_PASSWORD,
      });
      expect((await memberContext.request.get('/api/user')).status()).toBe(200);

      const { page: admin } = await harness.signedInPage(width, 'admin');
      await admin.waitForURL('**/admin-dashboard');
      const finder = admin.getByRole('search', { name: 'Find users' });
      await finder.getByLabel('Name, username or email').fill(username);
      const row = admin.getByTestId('user-row').filter({ hasText: username });
      await row.waitFor();
      await expect.poll(() => admin.getByTestId('user-row').count()).toBe(1);

      // Credits: granted with a reason, never taken below zero, each move on the ledger.
      await row.getByRole('button', { name: `Credits of ${username}` }).click();
      const credits = admin.getByRole('dialog', { name: `Credits of ${username}` });
      await credits.getByTestId('credit-balance').filter({ hasText: '0 credits' }).waitFor();
      await credits.getByLabel(/Credits to grant/).fill('2');
      await credits.getByLabel('Reason').fill('Goodwill after a late answer');
      await credits.getByRole('button', { name: 'Save' }).click();
      await toast(admin, 'Credits Granted').waitFor();
      await credits.getByTestId('credit-balance').filter({ hasText: '2 credits' }).waitFor();
      await credits
        .getByRole('list', { name: 'Credit ledger' })
        .getByText(/Goodwill/)
        .waitFor();
      await credits.getByLabel(/Credits to grant/).fill('-3');
      await credits.getByLabel('Reason').fill('Taking back too many');
      await credits.getByRole('button', { name: 'Save' }).click();
      await credits.getByText('at most 2 can be taken back').waitFor();
      await expectLaidOut(admin, `user-management-credits-${width}`);
      await credits.getByRole('button', { name: 'Close' }).click();
      expect((await (await memberContext.request.get('/api/user')).json()).foiaCredits).toBe(2);

      await row.getByRole('button', { name: `Questions of ${username}` }).click();
      const asked = admin.getByRole('dialog', { name: `Questions of ${username}` });
      await asked.getByText('No questions asked.').waitFor();
      await asked.getByRole('button', { name: 'Close' }).click();

      await row.getByRole('button', { name: `Suspend ${username}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Suspend ${username}?` });
      await dialog.getByRole('button', { name: 'Suspend account' }).click();
      await dialog.getByText('Please give a reason').waitFor();
      await dialog.getByLabel('Reason').fill('Three chargebacks this week');
      await dialog.getByRole('button', { name: 'Suspend account' }).click();
      await toast(admin, 'Account Suspended').waitFor();
      await row.getByTestId('suspension-reason').filter({ hasText: 'Three chargebacks' }).waitFor();
      await expectLaidOut(admin, `user-management-suspended-${width}`);

      // Signed out at once, and refused at sign-in with a sentence that says why.
      expect((await memberContext.request.get('/api/user')).status()).toBe(401);
      const { page } = await harness.newPage(width);
      await page.goto('/auth?tab=login');
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Username').fill(username);
      await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('This account is suspended').first().waitFor();

      await finder.getByLabel('Suspension').selectOption('true');
      await row.getByRole('button', { name: `Reinstate ${username}` }).click();
      const lift = admin.getByRole('dialog', { name: `Reinstate ${username}?` });
      await lift.getByLabel('Reason').fill('The bank confirmed the card was stolen');
      await lift.getByRole('button', { name: 'Reinstate account' }).click();
      await toast(admin, 'Account Reinstated').waitFor();
      await admin.getByText('No account matches.').waitFor();
      const back = await page.request.post('/api/login', {
        data: { username, password: DEMO_PASSWORD },
        headers: { origin: harness.url },
      });
      expect(back.status()).toBe(200);

      // A role change needs a reason too; the audit log shows every action with its reason.
      await finder.getByLabel('Suspension').selectOption('');
      await row.getByRole('button', { name: `Change the role of ${username}` }).click();
      const roleDialog = admin.getByRole('dialog', { name: `Change the role of ${username}` });
      await roleDialog.getByLabel('Role').selectOption('moderator');
      await roleDialog.getByLabel('Reason').fill('Joins the moderation team');
      await roleDialog.getByRole('button', { name: 'Change role' }).click();
      await toast(admin, 'Role Changed').waitFor();
      await row.getByText('moderator', { exact: true }).waitFor();
      const audit = admin.getByRole('list', { name: 'Staff actions' });
      for (const [action, reason] of [
        ['Role changed', 'Joins the moderation team'],
        ['Account reinstated', 'The bank confirmed the card was stolen'],
        ['Account suspended', 'Three chargebacks this week'],
      ] as const) {
        await admin.getByLabel('Action', { exact: true }).selectOption({ label: action });
        await audit
          .getByTestId('audit-entry')
          .filter({ hasText: username })
          .filter({ hasText: reason })
          .waitFor();
      }
      await expectLaidOut(admin, `audit-log-${width}`);
    },
    90_000,
  );

  it.each(WIDTHS)(
    "payment reports: this month's figures, and each table as a CSV file (%i px)",
    async (width) => {
      const { page: admin } = await harness.signedInPage(width, 'admin');
      await admin.waitForURL('**/admin-dashboard');
      const months = admin.getByRole('region', { name: 'Payments by month' });
      const month = new Date().toISOString().slice(0, 7);
      // The demo member's subscription was paid this month.
      const row = months.getByRole('row', { name: new RegExp(`^${month}`) });
      await row.waitFor();
      expect(await row.textContent()).toContain('10.00');
      // The demo member's subscription, as billing announced it, filters the user list.
      const finder = admin.getByRole('search', { name: 'Find users' });
      await finder.getByLabel('Name, username or email').fill('Max');
      await finder.getByLabel('Subscription').selectOption('active');
      const subscriber = admin.getByTestId('user-row').filter({ hasText: 'member · Max Member' });
      await subscriber.getByText('Subscribed', { exact: true }).waitFor();
      await finder.getByLabel('Subscription').selectOption('inactive');
      await admin.getByText('No account matches.').waitFor();
      await admin.getByRole('heading', { name: 'Content Reports' }).waitFor();
      await admin.getByRole('heading', { name: 'Past their deadline' }).waitFor();
      await expectLaidOut(admin, `payment-reports-${width}`);
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        admin
          .getByRole('region', { name: 'Payments by month' })
          .locator('..')
          .getByRole('button', { name: 'Download CSV' })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe('payments-by-month.csv');
      const csv = await (await download.createReadStream()).toArray();
      const lines = Buffer.concat(csv).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        'Month,Subscriptions ($),Credit packs ($),Credits issued,Credits refunded,Credits adjusted,Credits spent,Credits lost,Active subscribers,Churned',
      );
      expect(lines).toHaveLength(13);
      expect(lines[1]!.startsWith(`${month},`)).toBe(true);
    },
    90_000,
  );
});
