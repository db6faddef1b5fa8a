import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  demoSession,
  describeInChromium,
  expectLaidOut,
  type Harness,
  openAccountMenu,
  PHONE,
  saveScreenshots,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

async function setWaitlist(harness: Harness, admin: BrowserContext, on: boolean): Promise<void> {
  const response = await admin.request.post('/api/admin/settings/waitlist_enabled', {
    headers: { origin: harness.url },
    data: { value: String(on) },
  });
  expect(response.ok()).toBe(true);
}

/** Opens the small-screen menu when the page is phone-sized; the header otherwise. */
async function navigation(page: Page, width: number) {
  if (width === PHONE) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' });
  }
  return page.getByRole('banner');
}

/** The sign-in form of /auth, filled and sent; resolves once the welcome toast shows. */
async function signInThroughForm(page: Page, username: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await toast(page, 'Welcome back!').waitFor();
}

/** On a phone the filters are folded behind the Filters button: open them. */
async function openFilters(page: Page, width: number): Promise<void> {
  if (width !== PHONE) return;
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

describeInChromium('journeys through waitlist mode, the archive and the admin', () => {
  const harness = useHarness();
  let admin: BrowserContext;

  beforeAll(async () => {
    admin = (await demoSession(harness, 'admin')).context;
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    it('waitlist mode closes registration only: the admin signs out, signs back in and turns it off', async () => {
      const { page } = await harness.signedInPage(width, 'admin', '/admin-dashboard');
      const waitlist = page.getByRole('switch', { name: 'Waitlist Mode' });
      await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('false');
      await waitlist.click();
      await toast(page, 'Waitlist Updated').waitFor();
      try {
        await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL((url) => url.pathname === '/');

        // The join button leads to the waitlist, with Sign In one click away.
        await (await navigation(page, width)).getByRole('link', { name: 'Join Waitlist' }).click();
        await page.waitForURL((url) => url.pathname === '/auth');
        await page.getByTestId('waitlist-panel').waitFor();
        await page.getByText('Registration is closed for now', { exact: false }).waitFor();
        expect(await page.getByRole('tab', { name: 'Register' }).count()).toBe(0);
        expect(await page.getByRole('form', { name: 'Register' }).count()).toBe(0);
        await expectLaidOut(page, 'journeys-auth-waitlist');

        await page.getByRole('tab', { name: 'Sign In' }).click();
        await saveScreenshots(page, 'journeys-auth-waitlist-sign-in', [width]);
        await signInThroughForm(page, 'admin');
        await page.goto('/admin-dashboard');
        await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('true');
        await waitlist.click();
        await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('false');
        await toast(page, 'Waitlist Updated').waitFor();
      } finally {
        await setWaitlist(harness, admin, false);
      }

      // Registration is open again for a visitor.
      const { page: visitor } = await harness.newPage(width);
      await visitor.goto('/auth?tab=register');
      await visitor.getByRole('form', { name: 'Register' }).waitFor();
    });

    it('sends a logged-out visitor of a guarded page to a working sign-in form, in waitlist mode too', async () => {
      await setWaitlist(harness, admin, true);
      try {
        const { page } = await harness.newPage(width);
        await page.goto('/expert-dashboard');
        await page.getByText('You are logged out. Logging in again...').first().waitFor();
        await page.waitForURL((url) => url.pathname === '/auth');
        expect(new URL(page.url()).searchParams.get('tab')).toBe('login');
        await page.getByRole('form', { name: 'Sign in' }).waitFor();
        await saveScreenshots(page, 'journeys-guard-sign-in', [width]);
        await signInThroughForm(page, 'dana');

        // The staff dashboards and the old GET /api/login land on the same form.
        const { page: staff } = await harness.newPage(width);
        await staff.goto('/moderator-dashboard');
        await staff.waitForURL((url) => url.pathname === '/auth');
        await staff.getByRole('form', { name: 'Sign in' }).waitFor();
        await staff.goto('/api/login');
        await staff.waitForURL((url) => url.pathname === '/auth');
        await signInThroughForm(staff, 'moderator');
      } finally {
        await setWaitlist(harness, admin, false);
      }
    });

    it('keeps the archive filters in the address: reload keeps them, Back undoes the last', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      await page.getByTestId('question-card').first().waitFor();
      await openFilters(page, width);

      await page.getByRole('combobox', { name: 'Category' }).click();
      const option = page.getByRole('option').nth(1);
      const categoryName = (await option.textContent())!.trim();
      await option.click();
      await page.waitForURL((url) => url.searchParams.has('category'));
      const topic = page.getByTestId('topic-list').getByRole('checkbox').first();
      await topic.click();
      await page.waitForURL((url) => url.searchParams.has('topics'));
      const filtered = new URL(page.url());
      expect(filtered.searchParams.get('category')).toMatch(/^\d+$/);
      expect(filtered.searchParams.get('topics')).toMatch(/^\d+$/);

      await page.reload();
      if (width === PHONE) {
        await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
      }
      await openFilters(page, width);
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Category' }).textContent())
        .toContain(categoryName);
      await expect.poll(() => topic.getAttribute('aria-checked')).toBe('true');
      await saveScreenshots(page, 'journeys-browse-filtered', [width]);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('topics'));
      expect(new URL(page.url()).searchParams.get('category')).toBe(
        filtered.searchParams.get('category'),
      );
      await expect.poll(() => topic.getAttribute('aria-checked')).toBe('false');
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Category' }).textContent())
        .toContain(categoryName);
    });

    it('links each archive card to its question, and says so with a Retry when the archive fails', async () => {
      const { page } = await harness.newPage(width);
      await page.goto('/browse-qa');
      const card = page.getByTestId('question-card').first();
      const title = (await card.getByRole('heading').textContent())!.trim();
      expect(await card.getByRole('link', { name: title }).getAttribute('href')).toMatch(
        /^\/questions\/[0-9a-f-]{36}$/,
      );

      const archive = (url: URL) => url.pathname === '/api/questions';
      await page.route(archive, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The questions service is not available.' }),
        }),
      );
      await page.reload();
      const notice = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
      await notice.waitFor();
      expect(await page.getByText('No questions found').count()).toBe(0);
      await saveScreenshots(page, 'journeys-browse-failed', [width]);
      await page.unroute(archive);
      await notice.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('question-card').first().waitFor();
      expect(await notice.count()).toBe(0);
    });

    it('asks before deleting a topic in use and says how many questions carry it', async () => {
      const { page } = await harness.signedInPage(width, 'admin', '/admin-dashboard');
      const topics = page.getByTestId('taxonomy-topic');
      await topics.getByRole('list').waitFor();

      // A topic the demo archive uses, a different one at each width.
      const listing = await admin.request.get('/api/admin/tags');
      const inUse = ((await listing.json()) as Array<{ name: string; questionCount: number }>)
        .filter((tag) => tag.questionCount > 0)
        .at(width === DESKTOP ? 0 : -1)!;
      const count = `${inUse.questionCount} question${inUse.questionCount === 1 ? '' : 's'}`;
      const row = topics.getByRole('listitem').filter({ hasText: inUse.name });
      await row.getByText(count, { exact: true }).waitFor();
      const remove = topics.getByRole('button', {
        name: `Delete topic ${inUse.name}`,
        exact: true,
      });

      await remove.click();
      const dialog = page.getByRole('dialog', { name: `Delete topic "${inUse.name}"?` });
      await dialog.getByText(`${count} carry this topic.`, { exact: false }).waitFor();
      await saveScreenshots(page, 'journeys-topic-delete-confirm', [width]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await remove.waitFor();

      await remove.click();
      await dialog.getByRole('button', { name: 'Delete Topic' }).click();
      await toast(page, 'Topic Deleted').waitFor();
      await remove.waitFor({ state: 'detached' });

      // A category in use is explained, not deleted.
      const categories = page.getByTestId('taxonomy-category');
      const used = categories.getByRole('listitem').filter({ hasNotText: 'No questions' }).first();
      await used.getByRole('button', { name: /^Delete category / }).click();
      const explained = page.getByRole('dialog', { name: 'Category in use' });
      await explained.getByText('cannot be deleted', { exact: false }).waitFor();
      await explained.getByRole('button', { name: 'Close' }).click();
      await explained.waitFor({ state: 'detached' });
    });
  });

  describe(`at ${PHONE} px`, () => {
    it('shows the member their credits on /browse-qa and the results before the folded filters', async () => {
      const { page } = await harness.signedInPage(PHONE, 'member', '/browse-qa');
      await page
        .getByTestId('credit-balance-phone')
        .getByText(/\d+ FOIA Credits/)
        .waitFor();
      const firstCard = page.getByTestId('question-card').first();
      await firstCard.waitFor();
      expect(await page.getByLabel('Search', { exact: true }).isVisible()).toBe(false);
      const toggle = page.getByRole('button', { name: 'Filters' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const box = await firstCard.boundingBox();
      expect(box!.y).toBeLessThan(page.viewportSize()!.height);
      await expectLaidOut(page, 'journeys-browse-phone-member');

      await toggle.click();
      await page.getByLabel('Search', { exact: true }).waitFor();
      await saveScreenshots(page, 'journeys-browse-phone-filters-open', [PHONE]);
    });
  });
});
