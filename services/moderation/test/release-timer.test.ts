import { MODERATION_STREAM, QuestionApproved, QuestionRejected } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { startModeration } from './harness.js';

/**
 * The release timer (src/jobs/release.ts) on its own: with a short hold, a decision is announced
 * when its hold ends without anyone asking, and from then on it can no longer be undone.
 */
describe.each(testBackends())('the decision release timer ($name)', (backend) => {
  const stack = stackForSuite(() => startModeration(backend, { DECISION_HOLD_SECONDS: '1' }));

  it('announces a held decision when its hold ends, not before', async () => {
    const [moderator, member, expert] = await Promise.all([
      stack.signedIn('moderator'),
      stack.member(),
      stack.expert('Dana'),
    ]);
    const item = await stack.ask(member, expert.id);
    const heard: Array<{ questionId: string; at: number }> = [];
    const watcher = await stack.bus.watch({
      stream: MODERATION_STREAM,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: async (event) => {
        heard.push({
          questionId: (event.data as { questionId: string }).questionId,
          at: Date.now(),
        });
      },
    });
    try {
      const decided = await moderator.patch(`/api/admin/questions/${item.id}/status`, {
        status: 'approved',
      });
      expect(decided.status).toBe(200);
      const { undoUntil } = await decided.json();
      const [announced] = await eventually(
        () => {
          const mine = heard.filter((each) => each.questionId === item.id);
          expect(mine).toHaveLength(1);
          return mine;
        },
        { timeoutMs: 15_000 },
      );
      expect(announced!.at).toBeGreaterThanOrEqual(Date.parse(undoUntil));
      const late = await moderator.post(`/api/admin/questions/${item.id}/undo`);
      expect(late.status).toBe(409);
    } finally {
      await watcher.stop();
    }
  });
});
