import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  PHONE,
  signIn,
  toast,
  useHarness,
} from './harness.js';

describeInChromium('switching accounts without signing out', () => {
  const harness = useHarness();

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
      await expectLaidOut(formTab, `session-switch-${name}`);
      await context.close();
    },
    60_000,
  );
});
