import { REJECTION_REASON_LABELS } from '@uapqa/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoSession,
  describeInChromium,
  expectLaidOut,
  saveScreenshots,
  signUpSubscriber,
  useHarness,
  WIDTHS,
} from './harness.js';

const TITLES = {
  answered: 'What did the Rendlesham Forest patrol actually record on tape?',
  approved: 'Who photographed the lights over Lake Michigan in 1994?',
  rejected: 'Is the Nimitz radar log finally public?',
  pending: 'Why were the Project Twinkle reports sealed for so long?',
};
const REJECTION_NOTE = 'Already answered in the archive: search for "Nimitz radar".';
const ANSWER =
  "Lieutenant Colonel Halt's memo and his micro-cassette recording both survive. The tape logs " +
  'radiation readings at the landing site and a pulsing light between the trees, in real time, ' +
  'and the men with him describe the same light.';
/** Questions asked in all: the four above, newest, and seven more, to fill a second page. */
const ASKED = 11;
/** Places one member may hold in one expert's window (the questions service's cap). */
const PLACES_PER_MEMBER = 2;

/** An account's API calls, sent as the browser would (same origin). */
function caller(request: APIRequestContext, origin: string) {
  const send = async (method: 'get' | 'post' | 'patch', url: string, data?: unknown) => {
    const response = await request[method](url, { headers: { origin }, data });
    const text = await response.text();
    return { status: response.status(), body: text ? JSON.parse(text) : null };
  };
  return {
    get: (url: string) => send('get', url),
    post: (url: string, data: unknown = {}) => send('post', url, data),
    patch: (url: string, data: unknown) => send('patch', url, data),
  };
}

/**
 * Asks `read` again until `done` accepts its value (state that arrives over the event bus), for
 * setup outside a test, where expect.poll cannot run.
 */
async function settle<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never settled: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cardOf = (page: Page, title: string) =>
  page.getByTestId('my-question').filter({ hasText: title });

describeInChromium("a member's own questions and a question's page, in Chromium", () => {
  const harness = useHarness();
  const username = `asker_${Date.now().toString(36)}`;
  const ids = { answered: '', approved: '', rejected: '', pending: '' };

  beforeAll(async () => {
    const origin = harness.url;
    const login = async (name: string) =>
      caller((await demoSession(harness, name)).context.request, origin);

    // A new member, subscribed with a bulk pack of credits (payments settled as the card form does).
    const { context } = await harness.newPage(DESKTOP);
    const asker = caller(context.request, origin);
    await signUpSubscriber(harness, context.request, username);
    await settle(
      async () => (await asker.get('/api/user')).body.foiaCredits as number,
      (credits) => credits >= ASKED,
    );

    const creators = (await asker.get('/api/creators')).body as Array<{
      userId: number;
      brandName: string;
      window?: { remaining: number };
    }>;
    const expert = (name: string) => creators.find((c) => c.brandName === name)!.userId;
    const dana = expert('Dana Whitfield');
    const marcus = expert('Marcus Reyes');
    const categories = (await asker.get('/api/categories')).body as Array<{ id: number }>;
    const tags = (await asker.get('/api/tags')).body as Array<{ id: number }>;
    // Each expert takes a few questions a week, and one member may hold only a few of them:
    // the fillers go to whoever has places left for this member. Dana's two are kept for the
    // questions below (the rejected one gives its place back to the third), Marcus's one too.
    const places = new Map(
      creators.map((c) => [c.userId, Math.min(c.window?.remaining ?? 0, PLACES_PER_MEMBER)]),
    );
    places.set(dana, 0);
    places.set(marcus, (places.get(marcus) ?? 0) - 1);
    const send = (title: string, expertId: number) =>
      asker.post('/api/questions', {
        assignedCreatorId: expertId,
        categoryId: categories[0]!.id,
        tagIds: [tags[0]!.id],
        title,
        content: 'Witnesses in several towns describe the same object on the same night.',
      });
    const ask = async (title: string, expertId: number) => {
      const asked = await send(title, expertId);
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      return asked.body.id as string;
    };
    for (let n = 1; n <= ASKED - 4; n++) {
      const [free] = [...places].find(([, left]) => left > 0)!;
      places.set(free, places.get(free)! - 1);
      await ask(`Earlier question number ${n} about the Hudson Valley boomerang`, free);
    }
    // The moderator decides through the API the moderator dashboard calls.
    const moderator = await login('moderator');
    const decide = (id: string, decision: unknown) =>
      settle(
        () => moderator.patch(`/api/admin/questions/${id}/status`, decision),
        (answer) => answer.status === 200,
      );
    ids.answered = await ask(TITLES.answered, dana);
    ids.rejected = await ask(TITLES.rejected, dana);
    await decide(ids.rejected, {
      status: 'rejected',
      rejectionReason: 'duplicate',
      moderationNotes: REJECTION_NOTE,
    });
    // Refused (at no cost) until the rejection has given the member's place back.
    ids.approved = (
      await settle(
        () => send(TITLES.approved, dana),
        (asked) => asked.status === 201,
      )
    ).body.id as string;
    ids.pending = await ask(TITLES.pending, marcus);
    await decide(ids.answered, { status: 'approved' });
    await decide(ids.approved, {
      status: 'approved',
      assignedExpertId: marcus,
      moderationNotes: 'Marcus filmed at that lake.',
    });
    const danaApi = await login('dana');
    await settle(
      () => danaApi.post('/api/answers', { questionId: ids.answered, content: ANSWER }),
      (answer) => answer.status === 201,
    );
    const summary = await settle(
      async () => (await asker.get('/api/my-questions/summary')).body,
      (counts) => counts.answered === 1 && counts.rejected === 1 && counts.approved === 1,
    );
    expect(summary).toEqual({
      asked: ASKED,
      pending: ASKED - 3,
      approved: 1,
      rejected: 1,
      answered: 1,
    });
  });

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      it('counts every question on the dashboard and lists them all on My Questions', async () => {
        const { page } = await harness.signedInPage(width, username, '/dashboard');
        await expect.poll(() => page.getByTestId('stat-asked').textContent()).toBe(String(ASKED));
        expect(await page.getByTestId('stat-answered').textContent()).toBe('1');
        // The recent list still shows five.
        expect(await page.getByTestId('recent-question').count()).toBe(5);
        await saveScreenshots(page, 'dashboard-totals', [width]);

        await page.getByRole('link', { name: 'View All Questions' }).click();
        await page.waitForURL('**/my-questions');
        await page.getByTestId('my-question').first().waitFor();
        expect(await page.getByTestId('my-question').count()).toBe(10);
        expect(await page.getByTestId('page-status').textContent()).toBe('Page 1 of 2');
        expect(await page.title()).toBe('My Questions | UAP Answers');

        const rejected = cardOf(page, TITLES.rejected);
        expect(await rejected.getByTestId('status').textContent()).toBe('Rejected');
        expect(await rejected.getByTestId('rejection').textContent()).toContain(REJECTION_NOTE);
        expect(await rejected.getByTestId('refund').textContent()).toBe(
          'Your FOIA credit was refunded.',
        );

        const approved = cardOf(page, TITLES.approved);
        expect(await approved.getByTestId('status').textContent()).toBe('Awaiting answer');
        expect(await approved.getByTestId('assigned-expert').textContent()).toContain(
          'Assigned to Marcus Reyes',
        );
        expect(await approved.getByTestId('reassigned').textContent()).toContain(
          'you asked Dana Whitfield',
        );
        // 72 hours from an approval a moment ago: 2 days and some hours left, ticking.
        const deadline = approved.getByTestId('deadline');
        expect(await deadline.textContent()).toMatch(/Answer due in 2d 2\dh \d\dm \d\ds/);
        const before = await deadline.textContent();
        await expect.poll(() => deadline.textContent()).not.toBe(before);

        const answered = cardOf(page, TITLES.answered);
        expect(await answered.getByTestId('status').textContent()).toBe('Answered');
        expect(await answered.getByTestId('answer').textContent()).toContain(ANSWER);

        const pending = cardOf(page, TITLES.pending);
        expect(await pending.getByTestId('status').textContent()).toBe('Pending review');
        expect(await pending.textContent()).toContain('Asked of Marcus Reyes');
        await expectLaidOut(page, 'my-questions');

        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => page.getByTestId('page-status').textContent()).toBe('Page 2 of 2');
        await expect.poll(() => page.getByTestId('my-question').count()).toBe(1);

        await page.getByRole('button', { name: 'Rejected (1)' }).click();
        await page.waitForURL('**/my-questions?status=rejected');
        await cardOf(page, TITLES.rejected).waitFor();
        expect(await page.getByTestId('my-question').count()).toBe(1);
        expect(await page.getByTestId('page-status').count()).toBe(0);
        await saveScreenshots(page, 'my-questions-rejected', [width]);
      });

      it("shows an answered question's page to a visitor as a preview with a sign-up link", async () => {
        const { page } = await harness.newPage(width);
        await page.goto(`/questions/${ids.answered}`);
        const answer = page.getByTestId('answer');
        await answer.waitFor();
        expect(await answer.textContent()).toBe(`${ANSWER.slice(0, 100)}...`);
        const signUp = page.getByRole('link', { name: 'Sign Up to Read Full Answer' });
        expect(await signUp.getAttribute('href')).toBe('/auth');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.answered);
        expect(await page.title()).toBe(`${TITLES.answered} | UAP Answers`);
        await expectLaidOut(page, 'question-visitor');
      });

      it('shows another member the whole answer, and not their pending question', async () => {
        const { page } = await harness.signedInPage(width, 'member', `/questions/${ids.answered}`);
        await page.getByTestId('answer').waitFor();
        expect(await page.getByTestId('answer').textContent()).toBe(ANSWER);
        expect(await page.getByRole('link', { name: 'Sign Up to Read Full Answer' }).count()).toBe(
          0,
        );
        await saveScreenshots(page, 'question-member', [width]);

        await page.goto(`/questions/${ids.pending}`);
        const missing = page.getByTestId('question-missing');
        await missing.waitFor();
        expect(await missing.getByRole('heading').textContent()).toBe('Question not found');
        expect(await page.textContent('body')).not.toContain(TITLES.pending);
        expect(await page.title()).toBe('Question not found | UAP Answers');
        await saveScreenshots(page, 'question-pending-not-found', [width]);
      });

      it('shows the asker their pending question with its state', async () => {
        const { page } = await harness.signedInPage(width, username, `/questions/${ids.pending}`);
        await page.getByTestId('question-page').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES.pending);
        expect(await page.getByTestId('status').textContent()).toBe('Pending review');
        expect(await page.getByTestId('question-page').textContent()).toContain(
          'Waiting for a moderator to review it.',
        );
        await expectLaidOut(page, 'question-pending-asker');

        await page.goto(`/questions/${ids.rejected}`);
        await page.getByTestId('rejection').waitFor();
        expect(await page.getByTestId('rejection').textContent()).toContain(REJECTION_NOTE);
        expect(await page.getByTestId('rejection').textContent()).toContain(
          REJECTION_REASON_LABELS.duplicate,
        );
        await saveScreenshots(page, 'question-rejected-asker', [width]);
      });
    });
  }

  it('serves the answered question page with its title and preview in the HTML head', async () => {
    const response = await fetch(`${harness.url}/questions/${ids.answered}`);
    const html = await response.text();
    expect(html).toContain(`<title>${TITLES.answered} | UAP Answers</title>`);
    // The preview, HTML-escaped (the apostrophe of "Halt's" included), and no further.
    const preview = `${ANSWER.slice(0, 100)}...`.replaceAll("'", '&#39;');
    expect(html).toContain(`<meta property="og:description" content="${preview}" />`);
    expect(html).not.toContain(ANSWER.slice(100, 140));
    const sitemap = await (await fetch(`${harness.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/questions/${ids.answered}</loc>`);
    expect(sitemap).not.toContain(ids.pending);
  });
});
