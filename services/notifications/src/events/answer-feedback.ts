import {
  type EventEnvelope,
  FollowUpAnswered,
  FollowUpAsked,
  RefundDecided,
  readEvent,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { enqueueMail, mail } from '../mail/enqueue.js';

/** The questions events about an answer after it is published, which this service mails. */
export const ANSWER_FEEDBACK_EVENTS = [
  FollowUpAsked.type,
  FollowUpAnswered.type,
  RefundDecided.type,
] as const;

/**
 * Mails the follow-up to the expert, the reply to the asker, and a refund decision to both.
 * Each message is keyed by the event, so a redelivered event mails nobody twice.
 */
export async function mailAnswerFeedback(tx: Executor, event: EventEnvelope): Promise<void> {
  if (event.type === FollowUpAsked.type) {
    const data = readEvent(FollowUpAsked, event).data;
    await enqueueMail(
      tx,
      mail(
        'follow_up_asked',
        `${event.id}:follow_up_asked`,
        { userId: data.expertId },
        {
          questionId: data.questionId,
          title: data.title,
          dueAt: data.dueAt,
        },
      ),
    );
    return;
  }
  if (event.type === FollowUpAnswered.type) {
    const data = readEvent(FollowUpAnswered, event).data;
    await enqueueMail(
      tx,
      mail(
        'follow_up_answered',
        `${event.id}:follow_up_answered`,
        { userId: data.askerId },
        {
          questionId: data.questionId,
          title: data.title,
          expertId: data.expertId,
        },
      ),
    );
    return;
  }
  const data = readEvent(RefundDecided, event).data;
  const decision = {
    questionId: data.questionId,
    title: data.title,
    granted: data.granted,
    note: data.note,
  };
  await enqueueMail(
    tx,
    mail('refund_decided', `${event.id}:refund_decided`, { userId: data.askerId }, decision),
    mail(
      'refund_decided_expert',
      `${event.id}:refund_decided_expert`,
      { userId: data.expertId },
      decision,
    ),
  );
}
