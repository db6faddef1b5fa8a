import {
  AccountClosed,
  CreatorApproved,
  CreatorListingChanged,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  QuestionSubmitted,
  readEvent,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { inboxFor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { forgetMember } from '../closing.js';
import { experts, queueItems } from '../db/schema.js';
import type { ModerationDeps } from '../deps.js';

export const CONSUMER = 'moderation';

/**
 * Projects submitted questions into the review queue and keeps the experts read copy, each
 * event once (inbox). The queue is keyed by question id as well, so even a second envelope for
 * the same question adds nothing.
 */
export async function startConsumers(deps: ModerationDeps, bus: EventBus): Promise<Subscription[]> {
  const { db, relay } = deps;
  const once = inboxFor(db, relay, CONSUMER);

  return Promise.all([
    bus.consume({
      stream: QUESTIONS_STREAM,
      durable: CONSUMER,
      types: [QuestionSubmitted.type],
      handler: once(async (tx, event) => {
        const data = readEvent(QuestionSubmitted, event).data;
        await tx
          .insert(queueItems)
          .values({
            questionId: data.questionId,
            askerId: data.askerId,
            askerUsername: data.askerUsername,
            requestedExpertId: data.requestedExpertId,
            title: data.title,
            content: data.content,
            context: data.context,
            sources: data.sources,
            categoryId: data.categoryId,
            categoryName: data.categoryName,
            tags: data.tags,
            submittedAt: new Date(data.submittedAt),
          })
          .onConflictDoNothing({ target: queueItems.questionId });
      }),
    }),
    bus.consume({
      stream: IDENTITY_STREAM,
      durable: CONSUMER,
      types: [CreatorApproved.type, CreatorListingChanged.type, AccountClosed.type],
      handler: once(async (tx, event) => {
        if (event.type === AccountClosed.type) {
          await forgetMember(tx, readEvent(AccountClosed, event).data.userId);
          return;
        }
        if (event.type === CreatorListingChanged.type) {
          const { userId, listed } = readEvent(CreatorListingChanged, event).data;
          await tx
            .update(experts)
            .set({ listed, updatedAt: new Date() })
            .where(eq(experts.userId, userId));
          return;
        }
        const data = readEvent(CreatorApproved, event).data;
        const values = {
          creatorId: data.creatorId,
          brandName: data.brandName,
          firstName: data.firstName,
          lastName: data.lastName,
          updatedAt: new Date(),
        };
        await tx
          .insert(experts)
          .values({ userId: data.userId, ...values })
          .onConflictDoUpdate({ target: experts.userId, set: values });
      }),
    }),
  ]);
}
