import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, expectLaidOut, useHarness, WIDTHS } from './harness.js';

/** "$1,260.00" as cents. */
function cents(text: string | null): number {
  const match = text?.match(/\$([\d,]+)\.(\d{2})/);
  if (!match) throw new Error(`no dollar amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

/** The dashboard's figures once both the questions and the earnings have loaded. */
async function figures(page: Page) {
  const answered = page.getByTestId('stat-answered');
  const earnings = page.getByTestId('stat-earnings');
  await expect.poll(async () => /^\d+$/.test((await answered.textContent()) ?? '')).toBe(true);
  await expect.poll(async () => /\$/.test((await earnings.textContent()) ?? '')).toBe(true);
  const fee = await page.getByText(/per answer$/).textContent();
  return {
    answered: Number(await answered.textContent()),
    earningsCents: cents(await earnings.textContent()),
    feeCents: cents(fee),
  };
}

describeInChromium('an expert reads earnings that add up', () => {
  const harness = useHarness();

  for (const width of WIDTHS) {
    for (const username of ['dana', 'evelyn']) {
      it(`${username} at ${width}px: answered × fee is the total, month by month`, async () => {
        const { page } = await harness.signedInPage(width, username, '/expert-dashboard');
        await page.getByRole('heading', { name: 'Expert Dashboard' }).waitFor();

        // The demo archive's fees reach billing over the event bus just after the first start:
        // a reload shows them once they are in.
        let shown = await figures(page);
        const deadline = Date.now() + 30_000;
        while (shown.answered * shown.feeCents !== shown.earningsCents && Date.now() < deadline) {
          await page.reload();
          shown = await figures(page);
        }
        expect(shown.answered).toBeGreaterThan(0);
        expect(shown.earningsCents).toBe(shown.answered * shown.feeCents);

        const statement = page.getByRole('table', { name: 'Earnings Statement' });
        await statement.scrollIntoViewIfNeeded();
        const months = statement.getByTestId('statement-period');
        // The archive reaches back about two months, so its answers span several periods.
        expect(await months.count()).toBeGreaterThan(1);
        let answeredByMonth = 0;
        let centsByMonth = 0;
        for (const row of await months.all()) {
          const cells = row.getByRole('cell');
          const count = Number(await cells.nth(0).textContent());
          const amount = cents(await cells.nth(1).textContent());
          expect(amount).toBe(count * shown.feeCents);
          expect(await cells.nth(2).textContent()).toMatch(
            /^(Open|Due|Paid)(pays|paid) \w{3} \d+, \d{4}$/,
          );
          answeredByMonth += count;
          centsByMonth += amount;
        }
        expect(answeredByMonth).toBe(shown.answered);
        expect(centsByMonth).toBe(shown.earningsCents);
        expect(Number(await page.getByTestId('statement-total-answered').textContent())).toBe(
          shown.answered,
        );
        expect(cents(await page.getByTestId('statement-total-amount').textContent())).toBe(
          shown.earningsCents,
        );

        // Next Payout: an amount, its day, and what it is made of.
        const payout = cents(await page.getByTestId('stat-payout').textContent());
        expect(payout).toBeGreaterThan(0);
        expect(payout).toBeLessThanOrEqual(shown.earningsCents);
        await expect
          .poll(() => page.getByTestId('payout-line').textContent())
          .toMatch(/^\w{3} \d+, \d{4}: \$[\d,.]+ due/);
        await expectLaidOut(page, `expert-earnings-${username}`);
      });
    }
  }
});
