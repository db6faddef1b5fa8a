import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoSession,
  describeInChromium,
  EXPERT_QUESTIONS_API,
  expectLaidOut,
  hasHorizontalScroll,
  MODERATION_QUEUE_API,
  PHONE,
  saveScreenshots,
  toast,
  untilListed,
  useHarness,
} from './harness.js';

const QUESTION = 'Who else tracked the 1957 Levelland lights on radar that night?';
const DETAILS =
  'Several drivers near Levelland, Texas reported engines stalling as a glowing object passed.';
const NOTES = 'Reassigned to the radar specialist; Dana is at capacity this week.';
const PHONE_QUESTION = 'Why do so many sightings cluster near nuclear weapons sites?';
const ANSWER =
  'No radar station logged the Levelland object. Reese Air Force Base had no returns that night, ' +
  'and the Project Blue Book file settles on ball lightning from the storm that had just passed; ' +
  'the stalled engines were never explained.';

/**
 * The demo member starts as a subscriber (paid through the local provider when billing hears of
 * the account; the card form itself is covered in billing-journeys.test.ts).
 */
async function awaitSubscription(page: Page): Promise<void> {
  // The subscription and its credits arrive through the event bus: wait until /api/user has them.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const user = await (await fetch('/api/user', { credentials: 'include' })).json();
          return user.subscriptionStatus === 'active' && user.foiaCredits > 0;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Opens /browse-qa, searches for a question's title and returns its card once it shows an
 * answer (the answer reaches the public list through the event bus, so this reloads until then).
 */
async function answeredCard(page: Page, title: string) {
  const card = page.getByTestId('question-card').filter({ hasText: title });
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto('/browse-qa');
    await page.getByLabel('Search', { exact: true }).fill(title);
    try {
      await card.getByTestId('answer').waitFor({ timeout: 3_000 });
      return card;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describeInChromium('the staff and experts remotes in Chromium against the embedded stack', () => {
  const harness = useHarness();

  describe(`at ${DESKTOP} px`, () => {
    it('takes a question from a member through moderation to a different expert and into Browse Q&A', async () => {
      // The demo member, a subscriber from the start, asks Dana.
      const { page: member } = await harness.signedInPage(DESKTOP, 'member');
      await awaitSubscription(member);
      await member.goto('/submit-question');
      await expect.poll(() => member.getByTestId('balance').textContent()).toBe('3');
      await member.getByRole('combobox', { name: 'Expert' }).click();
      await member.getByRole('option', { name: 'Dana Whitfield' }).click();
      await member.getByRole('combobox', { name: 'Category' }).click();
      await member.getByRole('option').first().click();
      await member.getByRole('checkbox').first().click();
      await member.getByLabel('Your question').fill(QUESTION);
      await member.getByLabel('Details').fill(DETAILS);
      await member.getByRole('button', { name: 'Submit Question' }).click();
      await toast(member, 'Question Submitted!').waitFor();
      await untilListed(harness, 'moderator', MODERATION_QUEUE_API, QUESTION);

      // The moderator approves it with notes and hands it to Marcus instead.
      const { page: moderator } = await harness.signedInPage(
        DESKTOP,
        'moderator',
        '/moderator-dashboard',
      );
      await moderator.getByTestId('moderator-dashboard').waitFor();
      const item = moderator.getByRole('article', { name: QUESTION });
      await item.waitFor();
      await item.getByText('for Dana Whitfield').waitFor();
      await saveScreenshots(moderator, 'moderator-dashboard');
      await item.getByRole('button', { name: 'Moderate' }).click();
      const panel = item.getByTestId('moderation-panel');
      await panel.getByLabel('Moderation notes').fill(NOTES);
      await panel.getByRole('combobox', { name: 'Assign expert' }).click();
      // The expert asked is the default and is not offered again by name.
      await moderator.getByRole('option', { name: 'Expert asked: Dana Whitfield' }).waitFor();
      expect(
        await moderator.getByRole('option', { name: 'Dana Whitfield', exact: true }).count(),
      ).toBe(0);
      await moderator.getByRole('option', { name: 'Marcus Reyes' }).click();
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Assign expert' }).textContent())
        .toContain('Marcus Reyes');
      await saveScreenshots(moderator, 'moderator-dashboard-moderating', [DESKTOP]);
      await panel.getByRole('button', { name: 'Approve' }).click();
      await toast(moderator, 'Question approved').waitFor();
      await item.waitFor({ state: 'detached' });
      await untilListed(harness, 'marcus', EXPERT_QUESTIONS_API, QUESTION);

      // Marcus sees it pending with the moderator's notes and answers it.
      const { page: expert } = await harness.signedInPage(DESKTOP, 'marcus', '/expert-dashboard');
      await expert.getByTestId('expert-dashboard').waitFor();
      const question = expert.getByTestId('expert-question').filter({ hasText: QUESTION });
      await question.waitFor();
      await expect
        .poll(() => question.getByTestId('question-status').textContent())
        .toBe('Pending');
      await question.getByText(NOTES).waitFor();
      await question.getByTestId('time-left').waitFor();
      await saveScreenshots(expert, 'expert-dashboard');
      await question.getByRole('button', { name: 'Answer', exact: true }).click();
      await question.getByLabel('Your answer').fill(ANSWER);
      await saveScreenshots(expert, 'expert-dashboard-answering', [DESKTOP]);
      await question.getByRole('button', { name: 'Submit Answer' }).click();
      await expert.getByRole('dialog', { name: 'Publish this answer?' }).waitFor();
      await saveScreenshots(expert, 'expert-dashboard-publish-preview');
      await expert.getByRole('dialog').getByRole('button', { name: 'Publish Answer' }).click();
      await toast(expert, 'Answer Submitted').waitFor();
      // It leaves the Pending tab for the Answered one, with the answer under it.
      await question.waitFor({ state: 'detached' });
      await expert.getByRole('tab', { name: /^Answered \(\d+\)$/ }).click();
      await question.getByText(ANSWER).waitFor();
      expect(await question.getByTestId('question-status').textContent()).toBe('Answered');

      // Browse Q&A: the whole answer for the member, a 100-character excerpt for a visitor.
      const memberCard = await answeredCard(member, QUESTION);
      await memberCard.getByText('Marcus Reyes').waitFor();
      expect(await memberCard.getByTestId('answer').textContent()).toBe(ANSWER);
      await memberCard.getByText('Full Answer Available').waitFor();
      await saveScreenshots(member, 'browse-qa-answered-member');

      const { page: visitor } = await harness.newPage(DESKTOP);
      const visitorCard = await answeredCard(visitor, QUESTION);
      const excerpt = await visitorCard.getByTestId('answer').textContent();
      expect(excerpt).toBe(`${ANSWER.slice(0, 100)}...`);
      expect(excerpt!.length).toBeLessThanOrEqual(103);
      await visitorCard.getByRole('link', { name: 'Sign Up to Read Full Answer' }).waitFor();
      await saveScreenshots(visitor, 'browse-qa-answered-visitor');
    });

    it('lets the admin add and delete a category and a topic, and toggle waitlist mode', async () => {
      const { page } = await harness.signedInPage(DESKTOP, 'admin', '/admin-dashboard');
      await page.getByTestId('admin-dashboard').waitFor();
      await page.getByTestId('taxonomy-category').getByRole('list').waitFor();
      await saveScreenshots(page, 'admin-dashboard');

      for (const { noun, name } of [
        { noun: 'Category', name: 'E2E Crash Retrievals' },
        { noun: 'Topic', name: 'E2E Roswell Debris' },
      ]) {
        const lower = noun.toLowerCase();
        const box = page.getByTestId(`taxonomy-${lower}`);
        await box.getByLabel(`New ${lower} name`).fill(name);
        await box.getByRole('button', { name: `Add ${noun}` }).click();
        await toast(page, `${noun} Added`).waitFor();
        const remove = box.getByRole('button', { name: `Delete ${lower} ${name}`, exact: true });
        await remove.waitFor();
        await remove.click();
        await toast(page, `${noun} Deleted`).waitFor();
        await remove.waitFor({ state: 'detached' });
      }

      const waitlist = page.getByRole('switch', { name: 'Waitlist Mode' });
      await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('false');
      await waitlist.click();
      await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('true');
      await toast(page, 'Waitlist Updated').waitFor();
      try {
        const { page: visitor } = await harness.newPage(DESKTOP);
        await visitor.goto('/');
        await visitor.getByRole('banner').getByRole('link', { name: 'Join Waitlist' }).waitFor();
      } finally {
        await waitlist.click();
        await expect.poll(() => waitlist.getAttribute('aria-checked')).toBe('false');
        await toast(page, 'Waitlist Updated').waitFor();
      }
      const { page: visitor } = await harness.newPage(DESKTOP);
      await visitor.goto('/');
      await visitor.getByRole('banner').getByRole('link', { name: 'Join Investigation' }).waitFor();
    });

    it('shows a member Access Denied on the admin and moderator dashboards', async () => {
      const { page } = await harness.signedInPage(DESKTOP, 'member');
      for (const { path, text } of [
        { path: '/admin-dashboard', text: "You don't have admin permissions" },
        { path: '/moderator-dashboard', text: "You don't have moderator permissions" },
      ]) {
        await page.goto(path);
        const denied = page.getByTestId('access-denied');
        await denied.waitFor();
        await denied.getByText('Access Denied', { exact: true }).waitFor();
        await denied.getByText(text, { exact: true }).waitFor();
        expect(await page.getByTestId('admin-dashboard').count()).toBe(0);
        expect(await page.getByTestId('moderator-dashboard').count()).toBe(0);
        await saveScreenshots(page, `${path.slice(1)}-denied`);
      }
    });
  });

  describe(`at ${PHONE} px`, () => {
    it('fits the moderator and expert dashboards on a phone without horizontal scrolling', async () => {
      // A pending question for the queue, asked of Dana through the API.
      const member = (await demoSession(harness, 'member')).context;
      const list = async <T>(url: string) => (await (await member.request.get(url)).json()) as T;
      const creators =
        await list<Array<{ userId: number; brandName: string | null }>>('/api/creators');
      const categories = await list<Array<{ id: number }>>('/api/categories');
      const tags = await list<Array<{ id: number }>>('/api/tags');
      const dana = creators.find((creator) => creator.brandName === 'Dana Whitfield');
      expect(dana).toBeDefined();
      const asked = await member.request.post('/api/questions', {
        headers: { origin: harness.url },
        data: {
          assignedCreatorId: dana!.userId,
          categoryId: categories[0]!.id,
          tagIds: [tags[0]!.id],
          title: PHONE_QUESTION,
          content: 'Malmstrom, Minot and Rendlesham all report lights near the missile fields.',
        },
      });
      expect(asked.ok()).toBe(true);
      await untilListed(harness, 'moderator', MODERATION_QUEUE_API, PHONE_QUESTION);

      const { page: moderator } = await harness.signedInPage(
        PHONE,
        'moderator',
        '/moderator-dashboard',
      );
      await moderator.getByTestId('moderator-dashboard').waitFor();
      const item = moderator.getByRole('article', { name: PHONE_QUESTION });
      await item.waitFor();
      expect(await hasHorizontalScroll(moderator)).toBe(false);
      await item.getByRole('button', { name: 'Moderate' }).click();
      await item.getByTestId('moderation-panel').waitFor();
      expect(await hasHorizontalScroll(moderator)).toBe(false);
      await item.getByRole('combobox', { name: 'Assign expert' }).click();
      await moderator.getByRole('option', { name: 'Marcus Reyes' }).click();
      await saveScreenshots(moderator, 'moderator-dashboard-moderating', [PHONE]);
      await item.getByRole('button', { name: 'Approve' }).click();
      await toast(moderator, 'Question approved').waitFor();
      await untilListed(harness, 'marcus', EXPERT_QUESTIONS_API, PHONE_QUESTION);

      const { page: expert } = await harness.signedInPage(PHONE, 'marcus', '/expert-dashboard');
      await expert.getByTestId('expert-dashboard').waitFor();
      const question = expert.getByTestId('expert-question').filter({ hasText: PHONE_QUESTION });
      await question.waitFor();
      expect(await hasHorizontalScroll(expert)).toBe(false);
      await question.getByRole('button', { name: 'Answer', exact: true }).click();
      await question.getByLabel('Your answer').waitFor();
      await expectLaidOut(expert, 'expert-dashboard-answering');
    });
  });
});
