import { FORMER_MEMBER } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, inArray, isNotNull, isNull, notExists, or } from 'drizzle-orm';
import { decisions, experts, queueItems } from './db/schema.js';
import { held } from './decisions/hold.js';

/**
 * A member closed their account. Their questions still waiting for review leave the queue (the
 * questions service deletes them too); decided ones stay as the record of what moderation did,
 * with the asker's username replaced. A moderator's past decisions keep their id but no name, and
 * an expert's read copy loses the name. Safe to run twice: nothing is left to change.
 */
export async function forgetMember(tx: Executor, userId: number): Promise<void> {
  await forgetUnannounced(tx, userId);
  await tx
    .update(queueItems)
    .set({ askerUsername: FORMER_MEMBER })
    .where(eq(queueItems.askerId, userId));
  await tx
    .update(decisions)
    .set({ moderatorUsername: FORMER_MEMBER })
    .where(eq(decisions.moderatorId, userId));
  await tx
    .update(experts)
    .set({
      brandName: FORMER_MEMBER,
      firstName: null,
      lastName: null,
      listed: false,
      updatedAt: new Date(),
    })
    .where(eq(experts.userId, userId));
}

/**
 * Outside moderation a question whose decision is still held is pending like any other (its
 * decision was never announced), and questions deletes it with the account: it leaves the queue
 * too, with its held and undone decisions, so that neither an announcement nor an Undo brings
 * back a question that no longer exists. Announced decisions are never deleted, and keep their
 * item.
 */
async function forgetUnannounced(tx: Executor, userId: number): Promise<void> {
  const heldQuestions = tx.select({ id: decisions.questionId }).from(decisions).where(held);
  const unannounced = await tx
    .select({ id: queueItems.questionId })
    .from(queueItems)
    .where(
      and(
        eq(queueItems.askerId, userId),
        or(eq(queueItems.status, 'pending'), inArray(queueItems.questionId, heldQuestions)),
      ),
    );
  if (unannounced.length === 0) return;
  const ids = unannounced.map((row) => row.id);
  await tx
    .delete(decisions)
    .where(and(inArray(decisions.questionId, ids), isNull(decisions.announcedAt)));
  const announced = tx
    .select({ id: decisions.questionId })
    .from(decisions)
    .where(and(eq(decisions.questionId, queueItems.questionId), isNotNull(decisions.announcedAt)));
  await tx.delete(queueItems).where(and(inArray(queueItems.questionId, ids), notExists(announced)));
}
