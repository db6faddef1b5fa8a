import {
  ANSWER_DUE_HOURS,
  CREDITS_PER_QUESTION,
  type EventEnvelope,
  QuestionApproved,
  QuestionRejected,
  readEvent,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { enqueueMail, mail } from '../mail/enqueue.js';

/** The moderation events this service mails. */
export const MODERATION_DECISION_EVENTS = [QuestionApproved.type, QuestionRejected.type];

/**
 * Mails a moderator's decision: an approval to the asker and to the expert it is assigned to, a
 * rejection to the asker.
 */
export async function mailModerationDecision(tx: Executor, event: EventEnvelope): Promise<void> {
  if (event.type === QuestionApproved.type) {
    const data = readEvent(QuestionApproved, event).data;
    const dueAt = new Date(Date.parse(data.approvedAt) + ANSWER_DUE_HOURS * 3600 * 1000);
    await enqueueMail(
      tx,
      mail(
        'question_approved',
        `${event.id}:question_approved`,
        { userId: data.askerId },
        {
          questionId: data.questionId,
          expertId: data.assignedExpertId,
          dueAt: dueAt.toISOString(),
        },
      ),
      mail(
        'question_assigned',
        `${event.id}:question_assigned`,
        { userId: data.assignedExpertId },
        {
          questionId: data.questionId,
          dueAt: dueAt.toISOString(),
          moderationNotes: data.moderationNotes,
        },
      ),
    );
    return;
  }
  const data = readEvent(QuestionRejected, event).data;
  await enqueueMail(
    tx,
    mail(
      'question_rejected',
      `${event.id}:question_rejected`,
      { userId: data.askerId },
      {
        questionId: data.questionId,
        moderationNotes: data.moderationNotes,
        reason: data.reason ?? null,
        credits: CREDITS_PER_QUESTION,
      },
    ),
  );
}
