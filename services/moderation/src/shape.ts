import type { ModerationItem, RejectionReason } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { experts, queueItems } from './db/schema.js';

/**
 * Queue items joined to the expert they show: the one assigned once approved, else the one the
 * member asked (absent while identity's CreatorApproved has not arrived yet).
 */
export function fromQueue(db: Executor) {
  return db
    .select({
      item: queueItems,
      expertFirstName: experts.firstName,
      expertLastName: experts.lastName,
      expertBrandName: experts.brandName,
      expertKnown: sql<boolean>`${experts.userId} is not null`,
      expertListed: sql<boolean>`coalesce(${experts.listed}, true)`,
    })
    .from(queueItems)
    .leftJoin(
      experts,
      eq(
        experts.userId,
        sql`coalesce(${queueItems.assignedExpertId}, ${queueItems.requestedExpertId})`,
      ),
    );
}

export type QueueRow = Awaited<ReturnType<typeof fromQueue>>[number];

/** A queue row in the public Question shape, plus the asker and the decision. */
export function toItem(row: QueueRow): ModerationItem {
  const { item } = row;
  const expertId = item.assignedExpertId ?? item.requestedExpertId;
  return {
    id: item.questionId,
    title: item.title,
    content: item.content,
    context: item.context ?? null,
    sources: item.sources ?? null,
    status: item.status,
    categoryId: item.categoryId,
    category: { name: item.categoryName },
    tags: item.tags,
    tagIds: item.tags.map((tag) => tag.id),
    createdAt: item.submittedAt.toISOString(),
    answer: null,
    assignedCreatorId: item.requestedExpertId,
    // Until a decision, the expert who would answer is the one asked.
    assignedExpertId: item.status === 'rejected' ? null : expertId,
    moderationNotes: item.moderationNotes ?? null,
    rejectionReason: (item.rejectionReason as RejectionReason | null) ?? null,
    dueAt: null,
    creator: row.expertKnown
      ? {
          userId: expertId,
          firstName: row.expertFirstName ?? null,
          lastName: row.expertLastName ?? null,
          brandName: row.expertBrandName ?? null,
        }
      : null,
    expertListed: row.expertListed,
    asker: { id: item.askerId, username: item.askerUsername },
    moderatorId: item.decidedBy ?? null,
    decidedAt: item.decidedAt?.toISOString() ?? null,
  };
}
