import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  askAsMember,
  demoSession,
  describeInChromium,
  expectLaidOut,
  signUpSubscriber,
  toast,
  useHarness,
  WIDTHS,
} from './harness.js';

/** An answer long enough to publish, with the Markdown an expert may use. */
const ANSWER =
  'The **1997 Air National Guard** flares explain the later formation only.\n\n' +
  'See [the Maricopa County report](https://example.org/report) for the timings:\n\n' +
  '- 8:30 pm: the V-shaped object over Prescott\n- 10:00 pm: the flares over the Estrella range\n\n' +
  'Witness sketches from both sightings differ in shape and in spacing.';
const EDITED = `${ANSWER}\n\nAdded after publishing: the county report was released in 1998.`;

let asked = 0;

/** Polls a JSON call until it answers `status` (events travel between services). */
async function eventually(call: () => Promise<{ status(): number }>, status: number) {
  await expect.poll(async () => (await call()).status(), { timeout: 20_000 }).toBe(status);
}

describeInChromium('after the answer: edit, rate, follow up, ask for a refund', () => {
  const harness = useHarness();

  it.each(WIDTHS)(
    'the expert edits, the member rates, follows up and asks for a refund, the moderator grants it (%i px)',
    async (width) => {
      const username = `rater_${Date.now().toString(36)}_${++asked}`;
      const { page: member, context } = await harness.newPage(width);
      await signUpSubscriber(harness, context.request, username);
      const headers = { origin: harness.url };
      const title = `What lit up Phoenix that March night, report ${asked}?`;
      const { questionId, expert } = await askAsMember(harness, context.request, {
        title,
        content: 'Two sightings the same evening are often taken for one event.',
      });
      const moderatorApi = (await demoSession(harness, 'moderator')).context.request;
      await eventually(
        () =>
          moderatorApi.patch(`/api/admin/questions/${questionId}/status`, {
            headers,
            data: { status: 'approved' },
          }),
        200,
      );
      const expertApi = (await demoSession(harness, expert.handle)).context.request;
      await eventually(
        () => expertApi.post('/api/answers', { headers, data: { questionId, content: ANSWER } }),
        201,
      );

      // The expert corrects the answer within the edit window, confirming the edit.
      const { page: writer } = await harness.signedInPage(width, expert.handle);
      await writer.waitForURL('**/expert-dashboard');
      await writer.getByRole('tab', { name: /Answered/ }).click();
      const card = writer.getByTestId('expert-question').filter({ hasText: title });
      await card.getByRole('button', { name: 'Edit answer' }).click();
      await card.getByLabel('Your answer').fill(EDITED);
      await card.getByRole('button', { name: 'Review Edit' }).click();
      const confirmEdit = writer.getByRole('dialog', { name: 'Save this edit?' });
      await confirmEdit.getByRole('button', { name: 'Save Edit' }).click();
      await toast(writer, 'Answer Updated').waitFor();

      // The member reads the answer rendered from Markdown, with its links marked.
      await member.goto(`/questions/${questionId}`);
      const answer = member.getByTestId('answer');
      await answer.getByText('Added after publishing').waitFor();
      expect(await answer.locator('strong').first().textContent()).toBe('1997 Air National Guard');
      const link = answer.getByRole('link', { name: 'the Maricopa County report' });
      expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
      await member.getByText(/Edited by the expert/).waitFor();

      await rate(member);
      const followUp = 'Did any witness film the 8:30 pm formation?';
      const asking = member.getByRole('region', { name: 'Ask a follow-up' });
      await asking.getByLabel('Your follow-up question').fill(followUp);
      await asking.getByRole('button', { name: 'Send follow-up' }).click();
      await toast(member, 'Follow-up sent').waitFor();
      await member.getByText(/Awaiting the expert’s reply/).waitFor();

      const refund = member.getByRole('region', { name: 'Request a refund' });
      await refund.getByRole('button', { name: 'Request a refund' }).click();
      await refund.getByRole('button', { name: 'Request refund' }).click();
      await refund.getByRole('alert').waitFor();
      await refund
        .getByLabel('Why do you want a refund?')
        .fill('The answer skips the later sightings.');
      await refund.getByRole('button', { name: 'Request refund' }).click();
      await member
        .getByRole('dialog', { name: 'Send this refund request?' })
        .getByRole('button', { name: 'Send request' })
        .click();
      await toast(member, 'Refund requested').waitFor();
      await member
        .getByTestId('refund-status')
        .getByText(/with our team/)
        .waitFor();
      await expectLaidOut(member, `answer-feedback-member-${width}`);

      // The expert, told of the follow-up, replies from the dashboard.
      await writer.reload();
      await writer.getByRole('tab', { name: /Answered/ }).click();
      const followed = writer.getByTestId('expert-question').filter({ hasText: title });
      await followed.getByTestId('follow-up-badge').waitFor();
      await followed.getByRole('button', { name: 'Reply to follow-up' }).click();
      await followed.getByLabel('Your reply').fill('Yes: one video of the formation survives.');
      await followed.getByRole('button', { name: 'Send reply' }).click();
      await toast(writer, 'Reply sent').waitFor();
      await expectLaidOut(writer, `answer-feedback-expert-${width}`);

      // The admins' content report lists the open request and leads to the asker's account.
      const { page: admin } = await harness.signedInPage(width, 'admin');
      await admin.waitForURL('**/admin-dashboard');
      const reported = admin.getByTestId('report-refund-request').filter({ hasText: title });
      await reported.getByRole('link', { name: 'The asker’s account' }).click();
      await admin.waitForURL(/user=/);
      await admin.getByTestId('user-row').filter({ hasText: username }).waitFor();

      // The moderator grants the refund with a note; the member reads the outcome.
      const { page: moderator } = await harness.signedInPage(width, 'moderator');
      await moderator.waitForURL('**/moderator-dashboard');
      const request = moderator.getByTestId('refund-request-item').filter({ hasText: title });
      await request.getByRole('button', { name: 'Grant refund' }).click();
      const grant = moderator.getByRole('dialog', { name: `Grant the refund for “${title}”?` });
      await grant
        .getByLabel('Note to the member and the expert')
        .fill('The later sightings were the question.');
      await expectLaidOut(moderator, `refund-decision-${width}`);
      await grant.getByRole('button', { name: 'Grant refund' }).click();
      await toast(moderator, 'Refund granted').waitFor();
      await request.waitFor({ state: 'detached' });

      await member.reload();
      await member
        .getByTestId('refund-status')
        .getByText(/Refund granted/)
        .waitFor();
      await member.getByTestId('follow-up-reply').getByText('one video').waitFor();
    },
    120_000,
  );
});

/** Four stars and a comment, after the form has said a rating is needed. */
async function rate(member: Page) {
  const form = member.getByRole('region', { name: 'Rate this answer' });
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await form.getByRole('alert').filter({ hasText: '1 to 5 stars' }).waitFor();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Comment (optional)').fill('Clear about the flares.');
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await toast(member, 'Rating saved').waitFor();
  await member.getByTestId('rating').getByRole('img', { name: '4 out of 5 stars' }).waitFor();
}
