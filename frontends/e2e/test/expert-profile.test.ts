import { expect, it } from 'vitest';
import { describeInChromium, expectLaidOut, PHONE, useHarness, WIDTHS } from './harness.js';

const EXPERT = 'Dana Whitfield';

describeInChromium("an expert's public page, in Chromium", () => {
  const harness = useHarness();

  for (const width of WIDTHS) {
    it(`is reached from the landing page's card and leads to their answers, at ${width} px`, async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/');
      const card = page.getByTestId('featured-expert').filter({ hasText: EXPERT });
      await card.getByRole('link', { name: EXPERT }).click();
      await page.waitForURL('**/experts/dana');

      const profile = page.getByTestId('expert-profile');
      await profile.getByRole('heading', { level: 1, name: EXPERT }).waitFor();
      expect(await profile.getByTestId('expert-bio').textContent()).toMatch(
        /^Investigative journalist/,
      );
      const answered = Number(
        await profile
          .getByTestId('expert-answered')
          .textContent()
          .then((text) => text?.match(/\d+/)?.[0]),
      );
      expect(answered).toBeGreaterThan(0);
      // No demo answer is rated: the page says so rather than show a figure.
      expect(await profile.getByTestId('expert-rating').textContent()).toContain('Not yet rated');
      const answers = page.getByTestId('expert-answer');
      await answers.first().waitFor();
      expect(await answers.count()).toBe(Math.min(answered, 15));
      expect(await page.title()).toBe(
        `${EXPERT} — Government records, FOIA, military encounters | UAP Answers`,
      );
      await expectLaidOut(page, 'expert-profile');

      // A visitor is invited to sign in to ask; the archive's card leads to the question.
      expect(await profile.getByTestId('ask-expert').getAttribute('href')).toMatch(
        /^\/submit-question\?expert=\d+$/,
      );
      const first = answers.first().getByRole('heading', { level: 3 }).getByRole('link');
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL('**/questions/*');
      const question = page.getByTestId('question-page');
      await question.getByRole('heading', { level: 1, name: title }).waitFor();
      // The question names its expert with a link back to their page.
      await question.getByRole('link', { name: EXPERT }).click();
      await page.waitForURL('**/experts/dana');
      await profile.getByRole('heading', { level: 1, name: EXPERT }).waitFor();
    });
  }

  it('is found in any case, and an unknown handle is the not-found page with status 404', async () => {
    const { page } = await harness.newPage(PHONE);
    const upper = await page.goto('/experts/DANA');
    expect(upper?.status()).toBe(200);
    await page.getByTestId('expert-profile').getByRole('heading', { name: EXPERT }).waitFor();

    const unknown = await page.goto('/experts/no-such-expert');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Expert not found' }).waitFor();
    await expectLaidOut(page, 'expert-not-found');
  });

  it('asks the expert from their page, and the ask form leads back to it', async () => {
    const { page } = await harness.signedInPage(PHONE, 'member', '/experts/dana');
    await page.getByTestId('ask-expert').click();
    await page.waitForURL('**/submit-question?expert=*');
    // The form opens with Dana chosen, and names her page next to the choice.
    expect(await page.getByRole('combobox', { name: 'Expert' }).textContent()).toContain(EXPERT);
    const profile = page.getByRole('link', { name: `View ${EXPERT}’s profile` });
    await expectLaidOut(page, 'expert-ask-form');
    await profile.click();
    await page.waitForURL('**/experts/dana');
    await page.getByTestId('expert-profile').getByRole('heading', { name: EXPERT }).waitFor();
  });
});
