import type { ModerationDecided, ModerationStatusBody } from '@uapqa/contracts';
import { badRequest, HttpError, notFound, type SessionClaims } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { decisions, experts, queueItems } from '../db/schema.js';
import type { ModerationDeps } from '../deps.js';
import { fromQueue, toItem } from '../shape.js';
import { announce, releaseTime } from './hold.js';

export const NOT_IN_QUEUE = 'No question with this id is in the moderation queue.';

function alreadyDecided(item: { status: string; decidedAt: Date | null }): HttpError {
  const when = item.decidedAt ? ` on ${item.decidedAt.toISOString()}` : '';
  return new HttpError(
    409,
    `This question was already ${item.status}${when}; it is no longer awaiting moderation.`,
    { status: item.status },
  );
}

/**
 * The expert an approval assigns: the one asked unless the moderator names another, who must be
 * a listed expert other than the asker (a 400 on `assignedExpertId` otherwise).
 */
async function assignedExpert(
  db: Executor,
  item: { requestedExpertId: number; askerId: number },
  named: number | null | undefined,
): Promise<number> {
  const assignedExpertId = named ?? item.requestedExpertId;
  const [expert] = await db
    .select({ listed: experts.listed, firstName: experts.firstName, brandName: experts.brandName })
    .from(experts)
    .where(eq(experts.userId, assignedExpertId));
  // The expert asked may not be known here yet (their approval still on its way); another
  // expert must be.
  if (!expert && assignedExpertId !== item.requestedExpertId) {
    throw badRequest(
      `No approved expert has the user id ${assignedExpertId}; choose one of the experts.`,
      'assignedExpertId',
    );
  }
  if (expert && !expert.listed) {
    const name = expert.firstName || expert.brandName || 'This expert';
    throw badRequest(
      `${name} is no longer available to answer questions; assign another expert, or reject the question (its credit is refunded).`,
      'assignedExpertId',
    );
  }
  // An expert may ask another expert, never be paid to answer their own question.
  if (assignedExpertId === item.askerId) {
    throw badRequest(
      'This expert asked the question; assign it to another expert.',
      'assignedExpertId',
    );
  }
  return assignedExpertId;
}

/**
 * Approves or rejects a pending question. The decision and its history row commit together;
 * the update is conditional on the item still being pending, so of two moderators deciding at
 * once exactly one wins. The event that tells questions (and billing, for a refund) is held
 * for DECISION_HOLD_SECONDS, while the decision can be undone (undo-decision.ts), and enqueued
 * by the release (jobs/release.ts); without a hold it commits with the decision.
 */
export async function decideQuestion(
  { db, relay, config, releases }: Pick<ModerationDeps, 'db' | 'relay' | 'config' | 'releases'>,
  moderator: Pick<SessionClaims, 'userId' | 'username'>,
  id: string,
  body: ModerationStatusBody,
): Promise<ModerationDecided> {
  const [item] = await db.select().from(queueItems).where(eq(queueItems.questionId, id));
  if (!item) throw notFound(NOT_IN_QUEUE);
  if (item.status !== 'pending') throw alreadyDecided(item);
  const assignedExpertId =
    body.status === 'approved' ? await assignedExpert(db, item, body.assignedExpertId) : null;

  const decidedAt = new Date();
  const hold = config.DECISION_HOLD_SECONDS;
  const releaseAt = releaseTime(decidedAt, hold);
  const rejectionReason = body.status === 'rejected' ? (body.rejectionReason ?? null) : null;
  const decided = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(queueItems)
      .set({
        status: body.status,
        assignedExpertId,
        moderationNotes: body.moderationNotes,
        rejectionReason,
        decidedBy: moderator.userId,
        decidedAt,
      })
      .where(and(eq(queueItems.questionId, id), eq(queueItems.status, 'pending')))
      .returning({ questionId: queueItems.questionId });
    if (!claimed) return false;
    const [decision] = await tx
      .insert(decisions)
      .values({
        questionId: id,
        decision: body.status,
        moderatorId: moderator.userId,
        moderatorUsername: moderator.username,
        moderationNotes: body.moderationNotes,
        rejectionReason,
        assignedExpertId,
        decidedAt,
        releaseAt,
      })
      .returning({ id: decisions.id });
    // Without a hold the event commits with the decision, as before holds existed.
    if (hold === 0) await announce(tx, eq(decisions.id, decision!.id));
    return true;
  });
  if (!decided) {
    const [now] = await db.select().from(queueItems).where(eq(queueItems.questionId, id));
    throw alreadyDecided(now ?? item);
  }
  if (hold === 0) relay.kick();
  else releases.changed();
  const [row] = await fromQueue(db).where(eq(queueItems.questionId, id));
  return { ...toItem(row!), undoUntil: hold === 0 ? null : releaseAt.toISOString() };
}
