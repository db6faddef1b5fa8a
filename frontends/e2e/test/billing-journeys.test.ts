import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  describeInChromium,
  expectLaidOut,
  type Harness,
  openAccountMenu,
  saveScreenshots,
  signUp,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

/** The card number the local provider declines, and one it accepts. */
const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';

/** Polls until the page shows what is expected (pages load over a busy machine's network). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

let registered = 0;

/** A new account, signed in on this page (the demo member is already a subscriber). */
async function newcomer(harness: Harness, page: Page): Promise<string> {
  registered++;
  const username = `buyer_${page.viewportSize()?.width}_${registered}`;
  await signUp(harness, page.request, {
    username,
    email: `${username}@example.com`,
    password: 'a long password',
  });
  return username;
}

/** Pays the open card form: first with the declined card, then, corrected, with a good one. */
async function payDeclinedThenGood(page: Page, pay: RegExp, success: string, shot: string) {
  const form = page.getByTestId('payment-form');
  await form.getByLabel('Card number').fill(DECLINED_CARD);
  await form.getByRole('button', { name: pay }).click();
  await toast(page, 'Payment Failed').filter({ hasText: 'Your card was declined.' }).waitFor();
  await saveScreenshots(page, shot, [page.viewportSize()!.width]);
  // The same form, the card corrected, Pay again: it goes through.
  await form.getByLabel('Card number').fill(GOOD_CARD);
  await form.getByRole('button', { name: pay }).click();
  await toast(page, success).waitFor();
  expect(await toast(page, 'An unexpected error occurred').count()).toBe(0);
}

describeInChromium('billing journeys in Chromium against the embedded stack', () => {
  const harness = useHarness();

  describe.each(WIDTHS)('at %i px', (width) => {
    it('pays a declined subscription and a declined credit pack again, once each', async () => {
      const { page } = await harness.newPage(width);
      await newcomer(harness, page);
      await page.goto('/subscribe');
      await expect
        .poll(() => page.getByTestId('subscription-status').textContent())
        .toBe('Inactive');
      await page
        .getByTestId('plan-subscription')
        .getByRole('button', { name: 'Subscribe', exact: true })
        .click();
      await payDeclinedThenGood(
        page,
        /Pay \$10/,
        'You are now subscribed!',
        'billing-subscription-declined',
      );
      await page.waitForURL('**/dashboard');
      await eventually(() => page.getByTestId('stat-subscription').textContent()).toBe('Active');
      await eventually(() => page.getByTestId('stat-credits').textContent()).toBe('3');

      await page.goto('/subscribe');
      await page
        .getByTestId('plan-small')
        .getByRole('button', { name: 'Purchase Credits' })
        .click();
      await payDeclinedThenGood(
        page,
        /Pay \$25/,
        'Credits added to your account!',
        'billing-credits-declined',
      );
      await page.waitForURL('**/dashboard');
      await eventually(() => page.getByTestId('stat-credits').textContent()).toBe('6');

      // The history holds the two payments that went through, not the declined attempts.
      await page.goto('/subscribe');
      const payments = page.getByTestId('payment');
      await payments.nth(1).waitFor();
      expect(await payments.count()).toBe(2);
      expect(await payments.nth(0).textContent()).toContain('3 FOIA credits');
      expect(await payments.nth(0).textContent()).toContain('$25.00');
      expect(await payments.nth(1).textContent()).toContain('Archive Access subscription');
      expect(await payments.nth(1).textContent()).toContain('$10.00');
    });

    it('cancels the subscription at the period end and resumes it on /subscribe', async () => {
      const { page } = await harness.signedInPage(width, 'member');
      await page.waitForURL('**/dashboard');
      await eventually(() => page.getByTestId('stat-subscription').textContent()).toBe('Active');
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Billing' }).click();
      await page.waitForURL('**/subscribe');
      const manager = page.getByTestId('subscription-manager');
      await eventually(() => manager.getByTestId('renewal').textContent()).toMatch(/^Renews on /);
      await expectLaidOut(page, 'billing-manage-active');

      await manager.getByRole('button', { name: 'Cancel Subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await dialog.waitFor();
      await saveScreenshots(page, 'billing-cancel-dialog', [width]);
      await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
      await toast(page, 'Subscription Cancelled').waitFor();
      await expect
        .poll(() => manager.getByTestId('renewal').textContent())
        .toMatch(/stay active until .+ It will not renew/);
      // Still a subscriber until the period ends.
      expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
      await saveScreenshots(page, 'billing-cancelled', [width]);

      // The choice survives a reload: it is billing's, not the page's.
      await page.reload();
      await manager.getByRole('button', { name: 'Resume Subscription' }).click();
      await toast(page, 'Subscription Resumed').waitFor();
      await eventually(() => manager.getByTestId('renewal').textContent()).toMatch(/^Renews on /);
      await manager.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    });

    it('shows the billing history with a printable receipt', async () => {
      const { page } = await harness.signedInPage(width, 'member', '/subscribe');
      const history = page.getByRole('region', { name: 'Billing History' });
      const payment = history.getByTestId('payment').first();
      await eventually(() => payment.textContent()).toContain('Archive Access subscription');
      expect(await payment.textContent()).toContain('$10.00');
      await expectLaidOut(page, 'billing-history');

      await payment.getByRole('link', { name: /^Receipt for Archive Access/ }).click();
      await page.waitForURL(/\/subscribe\?receipt=/);
      const receipt = page.getByTestId('receipt');
      await receipt.getByRole('heading', { name: /Receipt/ }).waitFor();
      expect(await receipt.getByTestId('receipt-item').textContent()).toBe(
        'Archive Access subscription (1 month, 3 credits)',
      );
      expect(await receipt.getByTestId('receipt-amount').textContent()).toBe('$10.00 USD');
      await receipt.getByText('member@demo.uapqa.local').waitFor();
      await page.getByRole('button', { name: 'Print Receipt' }).waitFor();
      await expectLaidOut(page, 'billing-receipt');

      await page.getByRole('link', { name: /Back to your account/ }).click();
      await page.getByRole('heading', { name: 'Pricing & Access' }).waitFor();

      // Someone else's (or no) payment: a clear notice, not a broken page.
      await page.goto('/subscribe?receipt=in_not_mine');
      await page.getByRole('heading', { name: 'Receipt Not Found' }).waitFor();
    });
  });
});
