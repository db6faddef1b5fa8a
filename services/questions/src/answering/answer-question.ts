import { type AnswerBody, createEvent, QUESTIONS_STREAM, QuestionAnswered } from '@uapqa/contracts';
import { conflict, forbidden, notFound } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';

type AnswerDeps = Pick<QuestionsDeps, 'db' | 'relay' | 'archivePages' | 'deadlines'>;

/**
 * An expert's answer to an approved question assigned to them, within its deadline. Published
 * with its QuestionAnswered event; of two answers sent at once, one wins. Refusals are
 * HttpErrors that say why.
 */
export async function answerQuestion(
  { db, relay, archivePages, deadlines }: AnswerDeps,
  expertId: number,
  body: AnswerBody,
): Promise<{ questionId: string; answeredAt: Date }> {
  const [question] = await db
    .select()
    .from(questions)
    .where(eq(questions.id, body.questionId))
    .catch(() => []);
  if (!question) throw notFound('No such question.');
  if (question.assignedExpertId !== expertId)
    throw forbidden('This question is assigned to another expert.');
  if (question.askerId === expertId) throw forbidden('You cannot answer a question you asked.');
  if (question.status === 'answered') throw conflict('This question has already been answered.');
  if (question.status !== 'approved')
    throw conflict(`This question is ${question.status}, not awaiting an answer.`);
  if (question.withdrawnAt) {
    throw conflict(
      "This question was withdrawn because you are no longer listed as an expert; the member's credit is refunded.",
    );
  }
  const answeredAt = new Date();
  // The deadline is the rule, whether or not the overdue sweep has marked the question yet.
  if (question.overdueAt || (question.dueAt && answeredAt > question.dueAt)) {
    throw conflict(
      "The 72-hour answer deadline for this question has passed; the member's credit is refunded.",
    );
  }
  const answered = await db.transaction(async (tx) => {
    // Conditional on still being unanswered: of two answers sent at once, one wins.
    const [row] = await tx
      .update(questions)
      .set({ status: 'answered', answerContent: body.content, answeredAt })
      .where(
        and(
          eq(questions.id, question.id),
          eq(questions.status, 'approved'),
          isNull(questions.answerContent),
          isNull(questions.overdueAt),
          isNull(questions.withdrawnAt),
          gte(questions.dueAt, answeredAt),
        ),
      )
      .returning({ id: questions.id });
    if (!row) return false;
    await enqueue(
      tx,
      QUESTIONS_STREAM,
      createEvent(QuestionAnswered, {
        questionId: question.id,
        askerId: question.askerId,
        expertId,
        title: question.title,
        answeredAt: answeredAt.toISOString(),
      }),
    );
    return true;
  });
  if (!answered) throw conflict('This question has already been answered.');
  archivePages.changed();
  deadlines.changed();
  relay.kick();
  return { questionId: question.id, answeredAt };
}
