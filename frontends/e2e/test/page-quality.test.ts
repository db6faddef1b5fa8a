import { PAGE_META, pageTitle } from '@uapqa/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, describeInChromium, PHONE, saveScreenshots, useHarness } from './harness.js';

/**
 * Lighthouse's bound for a good cumulative layout shift, the pages' goal. A page that shifts as
 * it fills in scores 0.1 to 0.35 here; a busy machine can add a small shift of its own when a
 * font or an image lands late.
 */
const GOOD_LAYOUT_SHIFT = 0.1;

/** What a page did while it loaded: console errors, failed responses, CSP refusals, shifts. */
interface Recorded {
  problems: string[];
  layoutShift(): Promise<number>;
}

/**
 * Records everything Lighthouse's best-practices audits hold against a page (a console error,
 * a 4xx/5xx answer, a Content-Security-Policy refusal) and the layout shifts of its load, as
 * Chromium reports them (shifts right after an input are not counted, as in CLS).
 */
async function record(page: Page): Promise<Recorded> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
      }>) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP refused ${event.violatedDirective} (${event.blockedURI})`);
    });
  });
  return {
    problems,
    layoutShift: () => page.evaluate(() => (window as unknown as { __shift: number }).__shift),
  };
}

/** Until every request of the page has settled, data and code alike. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function expectHead(page: Page, path: string): Promise<void> {
  const meta = PAGE_META[path]!;
  expect(await page.title(), path).toBe(pageTitle(meta));
  const descriptions = await page
    .locator('meta[name="description"]')
    .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
  expect(descriptions, path).toEqual([meta.description]);
}

/** What each page shows once its data is in, for a visitor. */
const VISITOR_PAGES: Array<[string, (page: Page) => Promise<unknown>]> = [
  ['/', (page) => page.getByTestId('featured-experts').getByRole('heading').first().waitFor()],
  ['/browse-qa', (page) => page.getByTestId('question-card').first().waitFor()],
  ['/auth', (page) => page.getByRole('tab', { name: 'Sign In' }).waitFor()],
  ['/experts', (page) => page.getByRole('heading', { level: 1 }).waitFor()],
  ['/subscribe', (page) => page.getByTestId('notice').waitFor()],
  ['/privacy', (page) => page.getByRole('heading', { name: 'Close your account' }).waitFor()],
  ['/terms', (page) => page.getByRole('heading', { name: 'Refunds' }).waitFor()],
];

describeInChromium('what Lighthouse checks on every page, in Chromium', () => {
  const harness = useHarness();

  describe.each([PHONE, DESKTOP])('at %i px', (width) => {
    it.each(VISITOR_PAGES)(
      '%s as a visitor: its own title and description, nothing in the console, no failed request, no layout shift',
      async (path, ready) => {
        const { page } = await harness.newPage(width);
        const recorded = await record(page);
        await page.goto(path);
        await ready(page);
        await settled(page);
        expect(recorded.problems).toEqual([]);
        expect(await recorded.layoutShift()).toBeLessThan(GOOD_LAYOUT_SHIFT);
        await expectHead(page, path);
      },
    );
  });

  it.each([PHONE, DESKTOP])('keeps the member pages as clean at %i px', async (width) => {
    const { page } = await harness.signedInPage(width, 'member');
    const recorded = await record(page);
    const memberPages: Array<[string, () => Promise<unknown>]> = [
      ['/dashboard', () => page.getByRole('heading', { name: 'Your Recent Questions' }).waitFor()],
      ['/submit-question', () => page.getByRole('form', { name: 'Ask a question' }).waitFor()],
    ];
    for (const [path, ready] of memberPages) {
      await page.goto(path);
      await ready();
      await settled(page);
      expect(recorded.problems, path).toEqual([]);
      expect(await recorded.layoutShift(), path).toBeLessThan(GOOD_LAYOUT_SHIFT);
      await expectHead(page, path);
    }
  });

  // On a phone on a slow network every script found only once another has run costs a round
  // trip before the page can render; named in the HTML, they all download at once.
  it.each([
    ['/', (page: Page) => page.getByRole('heading', { level: 1 }).waitFor()],
    ['/browse-qa', (page: Page) => page.getByTestId('question-card').first().waitFor()],
    ['/subscribe', (page: Page) => page.getByTestId('notice').waitFor()],
    ['/auth', (page: Page) => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor()],
  ])('names in its HTML every script %s runs before it shows', async (path, ready) => {
    const { page } = await harness.newPage(PHONE);
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    const served = await page.goto(path);
    const html = (await served?.text()) ?? '';
    await ready(page);
    const shownWith = [...requested];
    // What the HTML names as it arrives: a tag the federation runtime adds later names a script
    // only once the scripts before it have run.
    const named = await page.evaluate((html) => {
      const served = new DOMParser().parseFromString(html, 'text/html');
      return Array.from(
        served.querySelectorAll('script[src], link[rel="modulepreload"]'),
        (tag) =>
          new URL(tag.getAttribute('src') ?? tag.getAttribute('href') ?? '', location.href)
            .pathname,
      );
    }, html);
    expect(shownWith.filter((script) => !named.includes(script))).toEqual([]);
  });

  it("keeps each page's title true after navigating", async () => {
    const { page } = await harness.signedInPage(DESKTOP, 'member', '/dashboard');
    await page.getByRole('heading', { name: 'Your Recent Questions' }).waitFor();
    await expectHead(page, '/dashboard');
    // In-app navigation: the shell sets the next page's own.
    await page.getByRole('banner').getByRole('link', { name: 'Browse Q&A' }).click();
    await page.waitForURL('**/browse-qa');
    await page.getByTestId('question-card').first().waitFor();
    await expectHead(page, '/browse-qa');
    await saveScreenshots(page, 'browse-qa-member-after-navigating');
  });
});
