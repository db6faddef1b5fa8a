import {
  AccountClosed,
  ANSWER_DUE_HOURS,
  BILLING_STREAM,
  CreatorApproved,
  CreatorListingChanged,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
  readEvent,
  SubscriptionActivated,
  SubscriptionLapsed,
  TaxonomyChanged,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { idempotentStatement, inboxFor } from '@uapqa/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { forgetMember } from '../closing.js';
import { experts, questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { renewAfterTaxonomyChange } from '../public-lists.js';
import { applySubscriptionEvent } from '../readers.js';
import { releasePlace } from '../windows.js';
import { withdrawFromUnlisted } from '../withdrawals.js';

export const CONSUMER = 'questions';

/**
 * Keeps the experts and subscribers read copies and applies moderation outcomes, each event once (inbox); and
 * has this replica renew what it serves from memory whenever any replica's write changed it.
 */
export async function startConsumers(deps: QuestionsDeps, bus: EventBus): Promise<Subscription[]> {
  const { db, relay, archivePages, lists, deadlines } = deps;
  const once = inboxFor(db, relay, CONSUMER);
  const expertApproved = once(async (tx, event) => {
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
      .insert(experts)
      .values({ userId: data.userId, ...values })
      .onConflictDoUpdate({ target: experts.userId, set: values });
  });

  // An expert taken off the lists can no longer be asked, and what they were to answer is
  // refunded in the same transaction as the flag, so no approved question of theirs dead-ends.
  const listingChanged = once(async (tx, event) => {
    const data = readEvent(CreatorListingChanged, event).data;
    await tx
      .update(experts)
      .set({ listed: data.listed, updatedAt: new Date() })
      .where(eq(experts.userId, data.userId));
    if (!data.listed) await withdrawFromUnlisted(tx, { expertId: data.userId });
  });

  const accountClosed = once(async (tx, event) => {
    await forgetMember(tx, readEvent(AccountClosed, event).data.userId);
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
        rejectionReason: data.reason ?? null,
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
      types: [CreatorApproved.type, CreatorListingChanged.type, AccountClosed.type],
      // The archive shows the expert's name, the windows their places: once committed, this
      // replica serves neither from before.
      handler: async (event) => {
        if (event.type === AccountClosed.type) {
          await accountClosed(event);
          archivePages.changed();
          deadlines.changed();
        } else if (event.type === CreatorListingChanged.type) {
          await listingChanged(event);
          deadlines.changed();
        } else {
          await expertApproved(event);
          archivePages.changed();
        }
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
          // Decided before moderation heard the expert was delisted: refunded at once, like
          // every question of theirs.
          const { questionId } = readEvent(QuestionApproved, event).data;
          if (await db.transaction((tx) => withdrawFromUnlisted(tx, { questionId }))) {
            relay.kick();
            lists.windows.changed();
          }
          deadlines.changed();
        } else {
          await rejection(event);
          lists.windows.changed();
        }
      },
    }),
    // Who may read whole answers is looked up per request, so no remembered page is renewed.
    bus.consume({
      stream: BILLING_STREAM,
      durable: CONSUMER,
      types: [SubscriptionActivated.type, SubscriptionLapsed.type],
      handler: once(applySubscriptionEvent),
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
