import {
  ANSWER_DUE_HOURS,
  BILLING_STREAM,
  CREDITS_PER_QUESTION,
  CreditsPurchased,
  CreditsRefunded,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
  readEvent,
  UserRegistered,
} from '@uapqa/contracts';
import { type EventBus, inboxFor, type Subscription } from '@uapqa/service-kit';
import { questions, users } from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';
import { enqueueMail, mail, wakeMailFor } from '../mail/worker.js';

export const CONSUMER = 'notifications';

/**
 * Keeps the users and questions read copies and turns events into mail. Each event is handled
 * once (inbox); each message has a dedupe key of its own (the event id and the template), so
 * even a handler run twice could not enqueue it twice. The worker is kicked after each commit.
 */
export async function startConsumers(
  deps: NotificationsDeps,
  bus: EventBus,
): Promise<Subscription[]> {
  const { db, config } = deps;
  const once = inboxFor(db, deps.mail, CONSUMER);
  const delivery = {
    durable: CONSUMER,
    maxDeliver: config.EVENT_MAX_DELIVER,
    ...(config.EVENT_BACKOFF_MS ? { backoffMs: config.EVENT_BACKOFF_MS } : {}),
  };

  return Promise.all([
    bus.consume({
      ...delivery,
      stream: IDENTITY_STREAM,
      types: [UserRegistered.type],
      handler: once(async (tx, event) => {
        const data = readEvent(UserRegistered, event).data;
        const values = {
          email: data.email,
          username: data.username,
          firstName: data.firstName,
          lastName: data.lastName,
          role: data.role,
          updatedAt: new Date(),
        };
        await tx
          .insert(users)
          .values({ userId: data.userId, ...values })
          .onConflictDoUpdate({ target: users.userId, set: values });
        // Members who sign up get a welcome; staff and experts created by an admin do not.
        if (data.role === 'user') {
          await enqueueMail(
            tx,
            mail('welcome', `welcome:${data.userId}`, { userId: data.userId }, {}),
          );
        }
        await wakeMailFor(tx, data.userId);
      }),
    }),
    bus.consume({
      ...delivery,
      stream: MODERATION_STREAM,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: once(async (tx, event) => {
        if (event.type === QuestionApproved.type) {
          const data = readEvent(QuestionApproved, event).data;
          const dueAt = new Date(Date.parse(data.approvedAt) + ANSWER_DUE_HOURS * 3600 * 1000);
          await enqueueMail(
            tx,
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
              credits: CREDITS_PER_QUESTION,
            },
          ),
        );
      }),
    }),
    bus.consume({
      ...delivery,
      stream: QUESTIONS_STREAM,
      types: [QuestionSubmitted.type, QuestionAnswered.type],
      handler: once(async (tx, event) => {
        if (event.type === QuestionSubmitted.type) {
          const data = readEvent(QuestionSubmitted, event).data;
          await tx
            .insert(questions)
            .values({ questionId: data.questionId, askerId: data.askerId, title: data.title })
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
      }),
    }),
    bus.consume({
      ...delivery,
      stream: BILLING_STREAM,
      types: [CreditsPurchased.type, CreditsRefunded.type],
      handler: once(async (tx, event) => {
        if (event.type === CreditsPurchased.type) {
          const data = readEvent(CreditsPurchased, event).data;
          await enqueueMail(
            tx,
            mail(
              'credits_receipt',
              `${event.id}:credits_receipt`,
              { userId: data.userId },
              {
                source: data.source,
                credits: data.credits,
                amountCents: data.amountCents,
                balance: data.balance,
                paymentId: data.paymentId,
                paidAt: event.occurredAt,
              },
            ),
          );
          return;
        }
        const data = readEvent(CreditsRefunded, event).data;
        // A rejection has its own message; a question that could not be stored was never asked.
        if (data.reason !== 'overdue') return;
        await enqueueMail(
          tx,
          mail(
            'credits_refunded',
            `${event.id}:credits_refunded`,
            { userId: data.userId },
            { questionId: data.questionId, credits: data.credits, balance: data.balance },
          ),
        );
      }),
    }),
  ]);
}
