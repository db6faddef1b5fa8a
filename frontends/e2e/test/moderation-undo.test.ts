import { DECISION_UNDO_SECONDS } from '@uapqa/contracts';
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

describeInChromium('undoing a moderation decision', () => {
  // The product's hold: the harness announces decisions at once unless told otherwise.
  const harness = useHarness({ env: { DECISION_HOLD_SECONDS: String(DECISION_UNDO_SECONDS) } });

  it.each(WIDTHS)(
    'the moderator approves, undoes from the toast, finds the question back and decides again (%i px)',
    async (width) => {
      const username = `undone_${Date.now().toString(36)}_${++asked}`;
      const { context } = await harness.newPage(width);
      await signUpSubscriber(harness, context.request, username);
      const title = `What did the Rendlesham patrol record, report ${asked}?`;
      const { questionId } = await askAsMember(harness, context.request, {
        title,
        content: 'The deputy base commander taped the second night; what is on the tape?',
      });

      await untilListed(harness, 'moderator', MODERATION_QUEUE_API, title);
      const { page: moderator } = await harness.signedInPage(width, 'moderator');
      await moderator.waitForURL('**/moderator-dashboard');
      const item = moderator.getByRole('article', { name: title });
      const approve = async () => {
        await item.getByRole('button', { name: 'Moderate' }).click();
        await item.getByTestId('moderation-panel').getByRole('button', { name: 'Approve' }).click();
      };

      await approve();
      const approved = toast(moderator, 'Question approved');
      await approved.waitFor();
      await item.waitFor({ state: 'detached' });
      expect(await approved.textContent()).toContain(
        `Nobody is told for ${DECISION_UNDO_SECONDS} seconds`,
      );
      const undo = approved.getByRole('button', { name: 'Undo' });
      await undo.waitFor();
      await expectLaidOut(moderator, 'moderation-undo-offered');
      await undo.click();

      await toast(moderator, 'Decision undone').waitFor();
      await item.waitFor();
      expect(await item.getByRole('button', { name: 'Moderate' }).isVisible()).toBe(true);
      await expectLaidOut(moderator, 'moderation-undo-back');
      // Nobody was told: to the member the question is still waiting for review.
      const asker = await (await context.request.get(`/api/questions/${questionId}`)).json();
      expect(asker.status).toBe('pending');

      // Decided again, as any question in the queue.
      await approve();
      await toast(moderator, 'Question approved').waitFor();
      await item.waitFor({ state: 'detached' });
    },
    90_000,
  );
});
