import { ANSWER_EDIT_HOURS, REFUND_REQUEST_DAYS } from '@uapqa/contracts';
import { conflict, forbidden, notFound } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { questions } from '../db/schema.js';

export type AnsweredQuestion = typeof questions.$inferSelect & {
  answerContent: string;
  answeredAt: Date;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * The answered question a member or expert acts on, read (and locked, inside a transaction, so
 * a rating and an edit sent at once are applied one after the other) for the one allowed to.
 */
export async function answeredQuestionFor(
  tx: Executor,
  questionId: string,
  actor: { userId: number; as: 'asker' | 'expert' },
): Promise<AnsweredQuestion> {
  const [row] = await tx
    .select()
    .from(questions)
    .where(eq(questions.id, questionId))
    .for('update')
    .catch(() => []);
  const involved =
    row && (actor.as === 'asker' ? row.askerId : row.assignedExpertId) === actor.userId;
  // Someone else's unanswered question does not exist for the caller, as on its page.
  if (!row || (!involved && row.status !== 'answered')) throw notFound('No such question.');
  if (!involved) {
    throw forbidden(
      actor.as === 'asker'
        ? 'Only the member who asked this question can do this.'
        : 'This question is assigned to another expert.',
    );
  }
  if (row.status !== 'answered' || row.answerContent === null || row.answeredAt === null) {
    throw conflict('This question has not been answered yet.');
  }
  return row as AnsweredQuestion;
}

/** Until when the expert may edit the answer: 24 hours, or until the asker rates it. */
export function editableUntil(row: { answeredAt: Date | null; ratedAt: Date | null }): Date | null {
  if (!row.answeredAt || row.ratedAt) return null;
  return new Date(row.answeredAt.getTime() + ANSWER_EDIT_HOURS * HOUR_MS);
}

/**
 * Until when the asker may ask for a refund: 7 days after the answer, or, when the expert let
 * the follow-up's deadline pass unanswered, 7 days after that deadline.
 */
export function refundableUntil(row: {
  answeredAt: Date | null;
  followUpDueAt: Date | null;
  followUpAnsweredAt: Date | null;
}): Date | null {
  if (!row.answeredAt) return null;
  const days = REFUND_REQUEST_DAYS * 24 * HOUR_MS;
  const fromAnswer = row.answeredAt.getTime() + days;
  const missedFollowUp =
    row.followUpDueAt && !row.followUpAnsweredAt ? row.followUpDueAt.getTime() + days : 0;
  return new Date(Math.max(fromAnswer, missedFollowUp));
}
