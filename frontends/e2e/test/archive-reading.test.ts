import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  PHONE,
  saveScreenshots,
  useHarness,
} from './harness.js';

/** A word the demo archive has only past the preview of some answers (archive.test.ts). */
const HIDDEN_WORD = 'critics';

/** The titles of the cards shown, in order. */
async function cardTitles(page: Page): Promise<string[]> {
  const titles = page.getByTestId('question-card').getByRole('heading', { level: 2 });
  return (await titles.allTextContents()).map((title) => title.trim());
}

/** What the API answers a visitor for `query`: its titles and total. */
async function archive(page: Page, query: string) {
  const response = await page.context().request.get(`/api/questions?${query}`);
  expect(response.status()).toBe(200);
  const questions = (await response.json()) as Array<{ title: string }>;
  return {
    titles: questions.map((question) => question.title),
    total: Number(response.headers()['x-total-count']),
  };
}

/** The search box, behind the Filters button on a phone. */
async function search(page: Page, words: string) {
  const filters = page.getByRole('button', { name: /^Filters/ });
  if (await filters.isVisible()) await filters.click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(words);
  await page.waitForURL(
    (url) => url.pathname === '/browse-qa' && url.search === `?search=${words}`,
  );
}

describeInChromium('reading the archive: counts, marks and order', () => {
  const harness = useHarness();

  for (const [name, width] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says how many answers there are, and marks what a search matched (${name})`, async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      const all = await archive(page, 'limit=1');
      const count = page.getByTestId('result-count');
      await expect.poll(() => count.textContent()).toBe(`${all.total} answers`);
      // Announced as it changes: a search says what it found without moving the focus.
      expect(await count.getAttribute('role')).toBe('status');

      await search(page, 'radar');
      const found = await archive(page, 'search=radar&limit=1');
      expect(found.total).toBeGreaterThan(0);
      await expect
        .poll(() => count.textContent())
        .toBe(`${found.total} ${found.total === 1 ? 'result' : 'results'} for “radar”`);
      const marks = page.getByTestId('question-card').locator('mark');
      await marks.first().waitFor();
      for (const mark of await marks.allTextContents()) expect(mark).toMatch(/^radar/i);
      // A mark is text: the card's answer reads exactly as the API's preview.
      const answer = (await page.getByTestId('answer').first().textContent()) ?? '';
      expect(answer.endsWith('...')).toBe(true);
      expect(answer.length).toBeLessThanOrEqual(103);
      await expectLaidOut(page, `archive-search-${name}`);
      await saveScreenshots(page, 'archive-search', [width]);

      // A word only in the hidden part of answers: a visitor finds and sees nothing of it.
      await page.goto(`/browse-qa?search=${HIDDEN_WORD}`);
      await page.getByRole('heading', { name: 'No questions found' }).waitFor();
      expect(await count.textContent()).toBe(`0 results for “${HIDDEN_WORD}”`);
    });

    it(`marks a word of the whole answer for a subscriber (${name})`, async () => {
      const { page } = await harness.signedInPage(
        width,
        'member',
        `/browse-qa?search=${HIDDEN_WORD}`,
      );
      const marks = page.getByTestId('question-card').locator('mark');
      await marks.first().waitFor();
      for (const mark of await marks.allTextContents())
        expect(mark.toLowerCase()).toBe(HIDDEN_WORD);
      expect(await page.getByTestId('result-count').textContent()).toMatch(
        new RegExp(`^\\d+ results? for “${HIDDEN_WORD}”$`),
      );
    });

    it(`reorders the answers by the sort chosen, kept in the address (${name})`, async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      const newest = await archive(page, 'limit=15');
      expect(await cardTitles(page)).toEqual(newest.titles);

      const sort = page.getByRole('combobox', { name: 'Sort by' });
      expect((await sort.textContent())?.trim()).toBe('Newest first');
      await sort.click();
      await page.getByRole('option', { name: 'Oldest first' }).click();
      await page.waitForURL((url) => url.search === '?sort=oldest');
      const oldest = await archive(page, 'limit=15&sort=oldest');
      expect(oldest.titles).not.toEqual(newest.titles);
      await expect.poll(() => cardTitles(page)).toEqual(oldest.titles);
      expect((await sort.textContent())?.trim()).toBe('Oldest first');
      await expectLaidOut(page, `archive-sorted-${name}`);
      await saveScreenshots(page, 'archive-sorted', [width]);

      // The order is part of the address: a reload keeps it, Back undoes it.
      await page.reload();
      await expect.poll(() => cardTitles(page)).toEqual(oldest.titles);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/browse-qa' && url.search === '');
      await expect.poll(() => cardTitles(page)).toEqual(newest.titles);

      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Best rated' }).click();
      await page.waitForURL((url) => url.search === '?sort=rated');
      const rated = await archive(page, 'limit=15&sort=rated');
      await expect.poll(() => cardTitles(page)).toEqual(rated.titles);
    });
  }
});
