import { FORMER_MEMBER } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { decisions, experts, queueItems } from './db/schema.js';

/**
 * A member closed their account. Their questions still waiting for review leave the queue (the
 * questions service deletes them too); decided ones stay as the record of what moderation did,
 * with the asker's username replaced. A moderator's past decisions keep their id but no name, and
 * an expert's read copy loses the name. Safe to run twice: nothing is left to change.
 */
export async function forgetMember(tx: Executor, userId: number): Promise<void> {
  await tx
    .delete(queueItems)
    .where(and(eq(queueItems.askerId, userId), eq(queueItems.status, 'pending')));
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
