import type { ModerationUndone } from '@uapqa/contracts';
import { conflict, forbidden, HttpError, notFound, type SessionClaims } from '@uapqa/service-kit';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { decisions, queueItems } from '../db/schema.js';
import type { ModerationDeps } from '../deps.js';
import { fromQueue, toItem } from '../shape.js';
import { NOT_IN_QUEUE } from './decide-question.js';
import { held } from './hold.js';

const ALREADY_SENT = 'This decision was already sent; it can no longer be undone.';

/**
 * Undo of a decision still held (see hold.ts): it was never announced, so nobody outside
 * moderation heard of it, and taking it back is only putting the item back in the queue. Only
 * its moderator or an admin may, and never past the time the decision answered.
 */
export async function undoDecision(
  { db, releases }: Pick<ModerationDeps, 'db' | 'releases'>,
  caller: Pick<SessionClaims, 'userId' | 'role'>,
  id: string,
): Promise<ModerationUndone> {
  const [item] = await db
    .select({ status: queueItems.status })
    .from(queueItems)
    .where(eq(queueItems.questionId, id));
  if (!item) throw notFound(NOT_IN_QUEUE);

  const now = new Date();
  await db.transaction(async (tx) => {
    // The live decision is the latest one not undone. Locked, so a release of it either
    // committed before this reads it (announced: too late) or waits and then claims nothing.
    const [live] = await tx
      .select()
      .from(decisions)
      .where(and(eq(decisions.questionId, id), isNull(decisions.undoneAt)))
      .orderBy(desc(decisions.id))
      .limit(1)
      .for('update');
    if (!live) {
      throw new HttpError(
        409,
        'This question has no decision to undo: it is awaiting moderation.',
        {
          status: item.status,
        },
      );
    }
    if (live.moderatorId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only the moderator who took this decision, or an admin, can undo it.');
    }
    // Never after the time the decision answered, even if the release is a moment late:
    // past it, the announcement may be on its way.
    const [undone] = await tx
      .update(decisions)
      .set({ undoneAt: now, undoneBy: caller.userId })
      .where(and(eq(decisions.id, live.id), held, gt(decisions.releaseAt, now)))
      .returning({ id: decisions.id });
    if (!undone) throw conflict(ALREADY_SENT);
    await tx
      .update(queueItems)
      .set({
        status: 'pending',
        assignedExpertId: null,
        moderationNotes: null,
        rejectionReason: null,
        decidedBy: null,
        decidedAt: null,
      })
      .where(eq(queueItems.questionId, id));
  });
  releases.changed();
  const [row] = await fromQueue(db).where(eq(queueItems.questionId, id));
  return {
    message:
      'The decision was undone: the question is back in the moderation queue, and nobody was told of it.',
    item: toItem(row!),
  };
}
