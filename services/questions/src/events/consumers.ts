import {
  ANSWER_DUE_HOURS,
  CreatorApproved,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
  readEvent,
  TaxonomyChanged,
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
import { renewAfterTaxonomyChange } from '../public-lists.js';
import { releasePlace } from '../windows.js';

export const CONSUMER = 'questions';

/**
 * Keeps the creators read copy and applies moderation outcomes, each event once (inbox); and
 * has this replica renew what it serves from memory whenever any replica's write changed it.
 */
export async function startConsumers(deps: QuestionsDeps, bus: EventBus): Promise<Subscription[]> {
  const { db, relay, archivePages, lists, deadlines } = deps;
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

  // Applying an approval is one statement, claim included: it reaches the read model in one
  // round trip (moderation's and the asker's views wait on it).
  const approval = idempotentStatement(db, CONSUMER, async (claim, event) => {
    const pending = and(eq(questions.status, 'pending'), claim.claimed);
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
  });
  // A rejection gives the question's place in its window back, in the same transaction: a
  // refunded question must not keep an expert's place taken.
  const rejection = once(async (tx, event) => {
    const data = readEvent(QuestionRejected, event).data;
    const [rejected] = await tx
      .update(questions)
      .set({
        status: 'rejected',
        moderationNotes: data.moderationNotes,
        decidedAt: new Date(data.rejectedAt),
      })
      .where(and(eq(questions.id, data.questionId), eq(questions.status, 'pending')))
      .returning({ expertId: questions.requestedExpertId, opensAt: questions.windowOpensAt });
    if (rejected?.opensAt)
      await releasePlace(tx, { expertId: rejected.expertId, opensAt: rejected.opensAt });
  });

  return Promise.all([
    bus.consume({
      stream: IDENTITY_STREAM,
      durable: CONSUMER,
      types: [CreatorApproved.type],
      // The archive shows the creator's name, the windows their places: once committed, this
      // replica serves neither from before.
      handler: async (event) => {
        await creatorApproved(event);
        archivePages.changed();
        lists.windows.changed();
      },
    }),
    bus.consume({
      stream: MODERATION_STREAM,
      durable: CONSUMER,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: async (event) => {
        if (event.type === QuestionApproved.type) {
          await approval(event);
          deadlines.changed();
        } else {
          await rejection(event);
          lists.windows.changed();
        }
      },
    }),
    // Every replica watches (not one of them consumes): each keeps its own pages and lists. An
    // event leaves the outbox only after its write committed, so a read after it sees the write.
    bus.watch({
      stream: QUESTIONS_STREAM,
      types: [QuestionAnswered.type, QuestionSubmitted.type, TaxonomyChanged.type],
      handler: async (event) => {
        if (event.type === QuestionAnswered.type) archivePages.changed();
        else if (event.type === QuestionSubmitted.type) lists.windows.changed();
        else renewAfterTaxonomyChange(deps, readEvent(TaxonomyChanged, event).data);
      },
    }),
  ]);
}
