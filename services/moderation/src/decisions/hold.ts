import {
  createEvent,
  type EventEnvelope,
  MODERATION_STREAM,
  QuestionApproved,
  QuestionRejected,
  type RejectionReason,
} from '@uapqa/contracts';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, inArray, isNull, type SQL } from 'drizzle-orm';
import { decisions, queueItems } from '../db/schema.js';

/**
 * A decision neither announced nor undone: its event is still to be sent, and (until its
 * `releaseAt`) it may still be undone. The rows the release job claims, and the only ones an
 * undo may take back.
 */
export const held = and(isNull(decisions.announcedAt), isNull(decisions.undoneAt));

/** When a decision taken at `decidedAt` is announced: at once with a hold of 0. */
export function releaseTime(decidedAt: Date, holdSeconds: number): Date {
  return new Date(decidedAt.getTime() + holdSeconds * 1000);
}

type Decision = typeof decisions.$inferSelect;

/**
 * The event telling the other services about a decision: the same event as when decisions were
 * announced at once, dated when the moderator took it (questions starts an approved question's
 * 72 hours there, and the audit log records that time), not when the hold ended.
 */
function announcement(decision: Decision, askerId: number): EventEnvelope {
  const common = {
    questionId: decision.questionId,
    askerId,
    moderatorId: decision.moderatorId,
    moderationNotes: decision.moderationNotes,
  };
  const at = decision.decidedAt;
  if (decision.decision === 'approved' && decision.assignedExpertId !== null) {
    return createEvent(
      QuestionApproved,
      { ...common, assignedExpertId: decision.assignedExpertId, approvedAt: at.toISOString() },
      at,
    );
  }
  const reason = decision.rejectionReason as RejectionReason | null;
  return createEvent(
    QuestionRejected,
    { ...common, ...(reason ? { reason } : {}), rejectedAt: at.toISOString() },
    at,
  );
}

/**
 * Announces the held decisions `which` selects, in the caller's transaction: claims them with a
 * conditional update (of several replicas releasing at once, or a release racing an undo, exactly
 * one wins each row) and enqueues their events in the order they were taken, so the stream keeps
 * moderation's order. Returns how many were announced; the caller kicks the relay once committed.
 */
export async function announce(tx: Executor, which: SQL): Promise<number> {
  const claimed = await tx
    .update(decisions)
    .set({ announcedAt: new Date() })
    .where(and(held, which))
    .returning();
  if (claimed.length === 0) return 0;
  const askers = await tx
    .select({ questionId: queueItems.questionId, askerId: queueItems.askerId })
    .from(queueItems)
    .where(
      inArray(
        queueItems.questionId,
        claimed.map((decision) => decision.questionId),
      ),
    );
  const askerOf = new Map(askers.map((row) => [row.questionId, row.askerId]));
  claimed.sort((a, b) => a.decidedAt.getTime() - b.decidedAt.getTime() || a.id - b.id);
  await enqueue(
    tx,
    MODERATION_STREAM,
    ...claimed.map((decision) => announcement(decision, askerOf.get(decision.questionId) ?? 0)),
  );
  return claimed.length;
}
