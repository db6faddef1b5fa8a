import {
  type EventEnvelope,
  QuestionAnswered,
  QuestionSubmitted,
  readEvent,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { questions } from '../db/schema.js';
import { enqueueMail, mail } from '../mail/enqueue.js';

/** The questions events about a question's life before its answer's feedback. */
export const QUESTION_EVENTS = [QuestionSubmitted.type, QuestionAnswered.type];

/** Keeps the questions read copy (a question asked) and tells the asker their answer came. */
export async function applyQuestionEvent(tx: Executor, event: EventEnvelope): Promise<void> {
  if (event.type === QuestionSubmitted.type) {
    const data = readEvent(QuestionSubmitted, event).data;
    await tx
      .insert(questions)
      .values({
        questionId: data.questionId,
        askerId: data.askerId,
        title: data.title,
        requestedExpertId: data.requestedExpertId,
      })
      .onConflictDoNothing();
    return;
  }
  const data = readEvent(QuestionAnswered, event).data;
  // A question nobody asked (the demo archive) has no one to tell.
  if (data.askerId === null) return;
  await enqueueMail(
    tx,
    mail(
      'question_answered',
      `${event.id}:question_answered`,
      { userId: data.askerId },
      {
        questionId: data.questionId,
        title: data.title,
        expertId: data.expertId,
        answeredAt: data.answeredAt,
      },
    ),
  );
}
