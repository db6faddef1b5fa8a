import {
  ANSWER_DUE_HOURS,
  CreatorApproved,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  readEvent,
} from '@uapqa/contracts';
import {
  type EventBus,
  idempotentStatement,
  inboxFor,
  type Subscription,
} from '@uapqa/service-kit';
import { and, eq } from 'drizzle-orm';
import { creators, questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';

export const CONSUMER = 'questions';

/**
 * Keeps the creators read copy and applies moderation outcomes, each event once (inbox); and
 * has this replica forget its remembered archive pages whenever any replica's answer is out.
 */
export async function startConsumers(deps: QuestionsDeps, bus: EventBus): Promise<Subscription[]> {
  const { db, relay, archivePages } = deps;
  const once = inboxFor(db, relay, CONSUMER);
  const creatorApproved = once(async (tx, event) => {
    const data = readEvent(CreatorApproved, event).data;
    const values = {
      creatorId: data.creatorId,
      brandName: data.brandName,
      bio: data.bio,
      firstName: data.firstName,
      lastName: data.lastName,
      questionsPerWeek: data.questionsPerWeek,
      updatedAt: new Date(),
    };
    await tx
      .insert(creators)
      .values({ userId: data.userId, ...values })
      .onConflictDoUpdate({ target: creators.userId, set: values });
  });

  return Promise.all([
    bus.consume({
      stream: IDENTITY_STREAM,
      durable: CONSUMER,
      types: [CreatorApproved.type],
      // The archive shows the creator's name: once committed, no page keeps the old one.
      handler: async (event) => {
        await creatorApproved(event);
        archivePages.changed();
      },
    }),
    bus.consume({
      stream: MODERATION_STREAM,
      durable: CONSUMER,
      types: [QuestionApproved.type, QuestionRejected.type],
      // Applying an outcome is one statement, claim included: the approval reaches the read
      // model in one round trip (moderation's and the asker's views wait on it).
      handler: idempotentStatement(db, CONSUMER, async (claim, event) => {
        const pending = and(eq(questions.status, 'pending'), claim.claimed);
        if (event.type === QuestionApproved.type) {
          const data = readEvent(QuestionApproved, event).data;
          const decidedAt = new Date(data.approvedAt);
          // The 72 hours start at approval.
          await db
            .with(claim.cte)
            .update(questions)
            .set({
              status: 'approved',
              assignedExpertId: data.assignedExpertId,
              moderationNotes: data.moderationNotes,
              decidedAt,
              dueAt: new Date(decidedAt.getTime() + ANSWER_DUE_HOURS * 3600 * 1000),
            })
            .where(and(eq(questions.id, data.questionId), pending));
          return;
        }
        const data = readEvent(QuestionRejected, event).data;
        await db
          .with(claim.cte)
          .update(questions)
          .set({
            status: 'rejected',
            moderationNotes: data.moderationNotes,
            decidedAt: new Date(data.rejectedAt),
          })
          .where(and(eq(questions.id, data.questionId), pending));
      }),
    }),
    // Every replica watches (not one of them consumes): each keeps its own pages. The event
    // leaves the outbox only after the answer committed, so a page read after it has the answer.
    bus.watch({
      stream: QUESTIONS_STREAM,
      types: [QuestionAnswered.type],
      handler: async () => archivePages.changed(),
    }),
  ]);
}
