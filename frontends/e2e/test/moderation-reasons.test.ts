import { REJECTION_REASON_LABELS } from '@uapqa/contracts';
import { expect, it } from 'vitest';
import {
  askAsMember,
  describeInChromium,
  expectLaidOut,
  MODERATION_QUEUE_API,
  signUpSubscriber,
  toast,
  untilListed,
  useHarness,
  WIDTHS,
} from './harness.js';

let asked = 0;

describeInChromium('a rejection the member can read', () => {
  const harness = useHarness();

  it.each(WIDTHS)(
    'the moderator picks a reason and confirms; the member reads it on the question (%i px)',
    async (width) => {
      const username = `rejected_${Date.now().toString(36)}_${++asked}`;
      const { page: member, context } = await harness.newPage(width);
      await signUpSubscriber(harness, context.request, username);
      const title = `Were the Phoenix lights flares, report ${asked}?`;
      const { questionId } = await askAsMember(harness, context.request, {
        title,
        content: 'The later formation over the Estrella range is still argued about.',
      });

      await untilListed(harness, 'moderator', MODERATION_QUEUE_API, title);
      const { page: moderator } = await harness.signedInPage(width, 'moderator');
      await moderator.waitForURL('**/moderator-dashboard');
      const item = moderator.getByRole('article', { name: title });
      await item.getByRole('button', { name: 'Moderate' }).click();
      const panel = item.getByTestId('moderation-panel');
      await panel.getByLabel('Moderation notes').fill('See the 1997 Air National Guard report.');
      await panel.getByRole('button', { name: 'Reject' }).click();
      const dialog = moderator.getByRole('dialog', { name: `Reject “${title}”?` });
      await dialog.getByText('The member reads the reason and your note').waitFor();
      await dialog.getByRole('button', { name: 'Reject question' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'choose a reason' }).waitFor();
      await dialog.getByRole('radio', { name: REJECTION_REASON_LABELS.duplicate }).check();
      await expectLaidOut(moderator, `reject-reason-${width}`);
      await dialog.getByRole('button', { name: 'Reject question' }).click();
      await toast(moderator, 'Question rejected').waitFor();
      await item.waitFor({ state: 'detached' });

      // The question page loads once; the rejection reaches the member's question over the bus.
      await expect
        .poll(async () => {
          const response = await context.request.get(`/api/questions/${questionId}`);
          return ((await response.json()) as { status: string }).status;
        })
        .toBe('rejected');
      await member.goto(`/questions/${questionId}`);
      const rejection = member.getByTestId('rejection');
      await rejection.waitFor();
      const text = await rejection.textContent();
      expect(text).toContain(REJECTION_REASON_LABELS.duplicate);
      expect(text).toContain('See the 1997 Air National Guard report.');
      await expectLaidOut(member, `rejected-question-${width}`);
    },
    90_000,
  );
});
