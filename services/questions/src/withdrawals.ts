import { createEvent, QUESTIONS_STREAM, QuestionWithdrawn } from '@uapqa/contracts';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { experts, questions } from './db/schema.js';
import { releasePlace } from './windows.js';

/**
 * Takes back every approved, unanswered question assigned to an expert who is no longer listed
 * (delisted, or no longer an expert), in the caller's transaction: each is marked withdrawn and
 * `QuestionWithdrawn` (billing refunds the asker, notifications tells them) is committed with
 * the mark. The asker chose that expert, so the question is refunded rather than moved to
 * someone else without their consent. The conditional update claims each question once, so
 * several callers at once (the listing consumer, an approval applied late, the sweep) publish
 * each question once. `only` narrows it to one question or one expert.
 */
export async function withdrawFromUnlisted(
  tx: Executor,
  only: { questionId?: string; expertId?: number } = {},
  now = new Date(),
): Promise<number> {
  const filters: SQL[] = [
    eq(questions.status, 'approved'),
    isNull(questions.overdueAt),
    isNull(questions.withdrawnAt),
    isNotNull(questions.askerId),
    inArray(
      questions.assignedExpertId,
      tx.select({ userId: experts.userId }).from(experts).where(eq(experts.listed, false)),
    ),
  ];
  if (only.questionId) filters.push(eq(questions.id, only.questionId));
  if (only.expertId !== undefined) filters.push(eq(questions.assignedExpertId, only.expertId));
  const withdrawn = await tx
    .update(questions)
    .set({ withdrawnAt: now })
    .where(and(...filters))
    .returning({
      id: questions.id,
      askerId: questions.askerId,
      expertId: questions.assignedExpertId,
      requestedExpertId: questions.requestedExpertId,
      windowOpensAt: questions.windowOpensAt,
    });
  for (const question of withdrawn) {
    // Refunded, so it gives its place back, as a rejected question does.
    if (question.windowOpensAt) {
      await releasePlace(tx, {
        expertId: question.requestedExpertId,
        opensAt: question.windowOpensAt,
      });
    }
  }
  await enqueue(
    tx,
    QUESTIONS_STREAM,
    ...withdrawn.map((question) =>
      createEvent(QuestionWithdrawn, {
        questionId: question.id,
        askerId: question.askerId!,
        expertId: question.expertId!,
        reason: 'expert_unavailable',
        withdrawnAt: now.toISOString(),
      }),
    ),
  );
  return withdrawn.length;
}
