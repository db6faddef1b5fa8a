import type { APIRequestContext } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  DESKTOP,
  describeInChromium,
  expectLaidOut,
  signUpSubscriber,
  useHarness,
  WIDTHS,
} from './harness.js';

/** Places one member may hold in one expert's window (the questions service's cap). */
const PLACES_PER_MEMBER = 2;
const CAP_NOTE = `You hold ${PLACES_PER_MEMBER} of the ${PLACES_PER_MEMBER} places you may have in Dana's window this week.`;

async function post(request: APIRequestContext, origin: string, url: string, data: unknown) {
  const response = await request.post(url, { headers: { origin }, data });
  return { status: response.status(), body: await response.json() };
}

describeInChromium('the ask form once a member holds every place in a window, in Chromium', () => {
  const harness = useHarness();
  const username = `capped_${Date.now().toString(36)}`;

  beforeAll(async () => {
    const origin = harness.url;
    // A new member with a bulk pack, who takes both of their places in Dana's window.
    const { context } = await harness.newPage(DESKTOP);
    const request = context.request;
    await signUpSubscriber(harness, request, username);
    const creators = (await (await request.get('/api/creators')).json()) as Array<{
      userId: number;
      brandName: string | null;
    }>;
    const dana = creators.find((creator) => creator.brandName === 'Dana Whitfield')!.userId;
    const categoryId = (
      (await (await request.get('/api/categories')).json()) as Array<{ id: number }>
    )[0]!.id;
    const tagId = ((await (await request.get('/api/tags')).json()) as Array<{ id: number }>)[0]!.id;
    for (let n = 1; n <= PLACES_PER_MEMBER; n++) {
      const asked = await post(request, origin, '/api/questions', {
        assignedCreatorId: dana,
        categoryId,
        tagIds: [tagId],
        title: `Which base logged the lights over the bay, part ${n}?`,
        content: 'Several witnesses describe the same formation from places miles apart.',
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    }
  });

  for (const width of WIDTHS) {
    it(`says so in the ask form at ${width} px`, async () => {
      const { page } = await harness.signedInPage(width, username, '/submit-question');

      // In the window list beside the form, under Dana's window.
      const danaWindow = page.getByTestId('expert-window').filter({ hasText: 'Dana Whitfield' });
      await expect
        .poll(() => danaWindow.getByTestId('expert-window-held').textContent())
        .toBe(CAP_NOTE);
      // And under the expert field once Dana is chosen.
      await page.getByRole('combobox', { name: 'Expert' }).click();
      await page.getByRole('option', { name: 'Dana Whitfield' }).click();
      await expect.poll(() => page.getByTestId('places-held').textContent()).toBe(CAP_NOTE);
      await expectLaidOut(page, 'window-cap');
    });
  }
});
