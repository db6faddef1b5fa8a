import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  PHONE,
  signUpSubscriber,
  toast,
  useHarness,
} from './harness.js';

describeInChromium('downloading my data and closing my account', () => {
  const harness = useHarness();

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('on a %s', (_name, width) => {
    it('downloads the data as a JSON file, then closes the account end to end', async () => {
      const { context, page } = await harness.newPage(width);
      const username = `closer${width}${Date.now().toString(36)}`;
      await signUpSubscriber(harness, context.request, username);

      await page.goto('/account');
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await expectLaidOut(page, 'account');

      // Your data: the file the browser saves is the whole export.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^uap-answers-my-data-.+\.json$/);
      const saved = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(saved.identity.data.user.username).toBe(username);
      expect(saved.billing.data.payments).toHaveLength(2);
      expect(saved.questions.available).toBe(true);
      expect(saved.notifications.available).toBe(true);
      await toast(page, 'Download ready').waitFor();

      // Close account: a wrong password is refused under the field, and nothing closes.
      const section = page.getByRole('region', { name: 'Close account' });
      await section.getByLabel('Your password').fill('not my password');
      await section.getByRole('button', { name: 'Close my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close your account for good?' });
      await dialog.waitFor();
      await expectLaidOut(page, 'account-close-dialog');
      await dialog.getByRole('button', { name: 'Yes, close my account' }).click();
      await section.getByText('That password is not right').waitFor();
      expect((await context.request.get('/api/user')).status()).toBe(200);

      // The right one, confirmed: signed out and home, with the message.
      await section.getByLabel('Your password').fill(DEMO_PASSWORD);
      await section.getByRole('button', { name: 'Close my account…' }).click();
      await dialog.getByRole('button', { name: 'Yes, close my account' }).click();
      await toast(page, 'Your account is closed').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await expectLaidOut(page, 'account-closed-home');
      const session = await (await context.request.get('/api/session')).json();
      expect(session.user).toBeNull();
      const login = await context.request.post('/api/login', {
        headers: { origin: harness.url },
        data: { username, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(401);
    });
  });
});
