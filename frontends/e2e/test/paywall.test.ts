import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  PHONE,
  saveScreenshots,
  signUp,
  useHarness,
} from './harness.js';

/** The demo archive's answers are all longer than their 100-character preview. */
const PREVIEW_MAX = 103;

/** The first card of /browse-qa: its answer's text, the question's page and the call below it. */
async function firstCard(page: Page) {
  await page.goto('/browse-qa');
  const card = page.getByTestId('question-card').first();
  await card.getByTestId('answer').waitFor();
  return {
    answer: (await card.getByTestId('answer').textContent()) ?? '',
    href: (await card.getByRole('heading', { level: 2 }).getByRole('link').getAttribute('href'))!,
    calls: card.getByTestId('full-answer-call'),
  };
}

describeInChromium('the paywall: whole answers are for subscribers', () => {
  const harness = useHarness();

  for (const [name, width] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`invites a visitor to sign up below each preview (${name})`, async () => {
      const { page } = await harness.newPage(width);
      const card = await firstCard(page);
      expect(card.answer.endsWith('...')).toBe(true);
      expect(card.answer.length).toBeLessThanOrEqual(PREVIEW_MAX);
      const call = page.getByRole('link', { name: 'Sign Up to Read Full Answer' });
      expect(await call.count()).toBe(await page.getByTestId('question-card').count());
      expect(await card.calls.getAttribute('href')).toBe('/auth');
      await saveScreenshots(page, `paywall-browse-visitor-${name}`, [width]);

      await page.goto(card.href);
      expect(await page.getByTestId('answer').textContent()).toBe(card.answer);
      await call.click();
      await page.waitForURL('**/auth');
      await page.goBack();
      await page.getByTestId('answer').waitFor();
      await expectLaidOut(page, `paywall-question-visitor-${name}`);
    });

    it(`invites a signed-in member without a subscription to subscribe (${name})`, async () => {
      const { context, page } = await harness.newPage(width);
      const username = `reader_${name}_${Date.now().toString(36)}`;
      await signUp(harness, context.request, {
        username,
        email: `${username}@example.com`,
        password: DEMO_PASSWORD,
      });
      const card = await firstCard(page);
      expect(card.answer.endsWith('...')).toBe(true);
      expect(card.answer.length).toBeLessThanOrEqual(PREVIEW_MAX);
      expect(await card.calls.textContent()).toBe('Subscribe to Read Full Answer');
      expect(await card.calls.getAttribute('href')).toBe('/subscribe');
      expect(await page.getByRole('link', { name: 'Sign Up to Read Full Answer' }).count()).toBe(0);
      await saveScreenshots(page, `paywall-browse-unsubscribed-${name}`, [width]);

      await page.goto(card.href);
      expect(await page.getByTestId('answer').textContent()).toBe(card.answer);
      await expectLaidOut(page, `paywall-question-unsubscribed-${name}`);
      await page.getByRole('link', { name: 'Subscribe to Read Full Answer' }).click();
      await page.waitForURL('**/subscribe');
    });

    it(`shows the demo subscriber every answer whole, with no call (${name})`, async () => {
      const { page } = await harness.signedInPage(width, 'member');
      const card = await firstCard(page);
      expect(card.answer.length).toBeGreaterThan(PREVIEW_MAX);
      expect(await page.getByTestId('full-answer-call').count()).toBe(0);
      await saveScreenshots(page, `paywall-browse-subscriber-${name}`, [width]);

      await page.goto(card.href);
      expect(await page.getByTestId('answer').textContent()).toBe(card.answer);
      expect(await page.getByTestId('full-answer-call').count()).toBe(0);
      await expectLaidOut(page, `paywall-question-subscriber-${name}`);
    });
  }
});
