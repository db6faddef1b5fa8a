import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailability,
  DEMO_PASSWORD,
  DESKTOP,
  type Harness,
  hasHorizontalScroll,
  PHONE,
  saveScreenshots,
  signIn,
  startHarness,
  toast,
} from './harness.js';

const { run } = browserAvailability();

describe.runIf(run)('switching accounts without signing out', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'a sign-in form left open in one tab signs in as its account, not the other tab’s (%s)',
    async (name, width) => {
      const { context, page: formTab } = await harness.newPage(width);
      // A tab showing the sign-in form while signed out…
      await formTab.goto('/auth?tab=login');
      await formTab.getByLabel('Username').waitFor();
      // …while another tab of the same browser signs in as the member.
      const otherTab = await context.newPage();
      await signIn(otherTab, 'member');
      await otherTab.close();
      // Time passes: the short-lived token cookie is gone, the member's refresh cookie is not.
      await context.clearCookies({ name: 'session' });
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('session_refresh');

      await formTab.getByLabel('Username').fill('moderator');
      await formTab.getByLabel('Password').fill(DEMO_PASSWORD);
      await formTab.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(formTab, 'Welcome back!').waitFor();
      const welcome = formTab.getByText('Welcome, moderator', { exact: true }).filter({
        visible: true,
      });
      await welcome.first().waitFor();
      const signedInAs = () =>
        formTab.evaluate(async () => (await (await fetch('/api/user')).json()).username);
      expect(await signedInAs()).toBe('moderator');

      // Still the moderator after a reload and once the token cookie expires again.
      await context.clearCookies({ name: 'session' });
      await formTab.reload();
      await welcome.first().waitFor();
      expect(await signedInAs()).toBe('moderator');
      expect(await formTab.getByText('Welcome, member', { exact: true }).count()).toBe(0);
      // The moderator's own home page, not the member's.
      await formTab.getByRole('heading', { name: 'Moderator Dashboard' }).waitFor();
      expect(await hasHorizontalScroll(formTab)).toBe(false);
      await saveScreenshots(formTab, `session-switch-${name}`, [width]);
      await context.close();
    },
    60_000,
  );
});
