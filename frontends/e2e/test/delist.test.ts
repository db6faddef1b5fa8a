import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  describeInChromium,
  expectLaidOut,
  saveScreenshots,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

const EXPERT = 'Evelyn Hart';

/** The expert names the ask form offers, read from its Expert field's options. */
async function expertsOffered(page: Page): Promise<string[]> {
  await page.goto('/submit-question');
  const field = page.getByRole('combobox', { name: 'Expert' });
  await field.click();
  await page.getByRole('option').first().waitFor();
  const names = (await page.getByRole('option').allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  return names;
}

describeInChromium('an admin delists an expert and lists them again, in Chromium', () => {
  const harness = useHarness();

  for (const width of WIDTHS) {
    it(`takes them off the ask form and brings them back, at ${width} px`, async () => {
      const { page: admin } = await harness.signedInPage(width, 'admin');
      const { page: member } = await harness.signedInPage(width, 'member');
      expect(await expertsOffered(member)).toContainEqual(expect.stringContaining(EXPERT));

      await admin.goto('/admin-dashboard');
      const experts = admin.getByTestId('active-experts');
      const row = experts.getByTestId('active-expert').filter({ hasText: EXPERT });
      await row.getByText('Listed', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Delist ${EXPERT}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Delist ${EXPERT}?` });
      await dialog.waitFor();
      expect(await dialog.getByTestId('listing-consequences').textContent()).toContain(
        'Their published answers stay in the archive.',
      );
      await expectLaidOut(admin, 'delist-confirm');
      await dialog.getByRole('button', { name: 'Delist expert' }).click();
      await toast(admin, 'Expert Delisted').waitFor();
      await row.getByText('Delisted', { exact: true }).waitFor();
      await row.scrollIntoViewIfNeeded();
      await expectLaidOut(admin, 'delist-delisted');

      // The ask form no longer offers them; the archive still shows their answers.
      await expect
        .poll(() => expertsOffered(member))
        .not.toContainEqual(expect.stringContaining(EXPERT));
      await saveScreenshots(member, 'delist-ask-form', [width]);
      const archive = await member.request.get('/api/questions?limit=100');
      const answers = (await archive.json()) as Array<{ creator: { brandName: string } | null }>;
      expect(answers.some((answer) => answer.creator?.brandName === EXPERT)).toBe(true);

      await row.getByRole('button', { name: `List again ${EXPERT}` }).click();
      const again = admin.getByRole('dialog', { name: `List ${EXPERT} again?` });
      await again.getByRole('button', { name: 'List again' }).click();
      await toast(admin, 'Expert Listed Again').waitFor();
      await row.getByText('Listed', { exact: true }).waitFor();
      await expect
        .poll(() => expertsOffered(member))
        .toContainEqual(expect.stringContaining(EXPERT));
    });
  }
});
