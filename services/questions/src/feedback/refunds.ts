import {
  createEvent,
  QUESTIONS_STREAM,
  RefundDecided,
  type RefundDecisionBody,
  type RefundQueueItem,
  type RefundRequest,
  type RefundStatus,
} from '@uapqa/contracts';
import { conflict, notFound } from '@uapqa/service-kit';
import { type Database, type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, asc, eq } from 'drizzle-orm';
import { questions, refundRequests } from '../db/schema.js';
import { answeredQuestionFor, refundableUntil } from './answered-question.js';

/** The asker asks for their credit back, once per question, within the refund window. */
export async function requestRefund(
  db: Database,
  request: { questionId: string; askerId: number; reason: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await answeredQuestionFor(tx, request.questionId, {
      userId: request.askerId,
      as: 'asker',
    });
    const until = refundableUntil(row);
    if (!until || request.now > until) {
      throw conflict('A refund can be requested only within 7 days of the answer.');
    }
    const [stored] = await tx
      .insert(refundRequests)
      .values({
        questionId: row.id,
        askerId: request.askerId,
        expertId: row.assignedExpertId as number,
        reason: request.reason,
        requestedAt: request.now,
      })
      .onConflictDoNothing()
      .returning({ questionId: refundRequests.questionId });
    if (!stored) throw conflict('You have already requested a refund for this question.');
  });
}

/**
 * Staff grant or refuse a pending request, once. The decision is announced in the same
 * transaction: billing returns the credit and reverses the expert's fee on a grant, and both
 * sides are emailed.
 */
export async function decideRefund(
  db: Database,
  decision: RefundDecisionBody & { questionId: string; staffId: number; now: Date },
): Promise<RefundStatus> {
  return db.transaction(async (tx) => {
    const status = decision.decision === 'grant' ? 'granted' : 'refused';
    const [decided] = await tx
      .update(refundRequests)
      .set({
        status,
        decidedBy: decision.staffId,
        decidedAt: decision.now,
        decisionNote: decision.note,
      })
      .where(
        and(
          eq(refundRequests.questionId, decision.questionId),
          eq(refundRequests.status, 'pending'),
        ),
      )
      .returning();
    if (!decided) {
      const [existing] = await tx
        .select({ status: refundRequests.status })
        .from(refundRequests)
        .where(eq(refundRequests.questionId, decision.questionId))
        .catch(() => []);
      if (!existing) throw notFound('No refund was requested for this question.');
      throw conflict(`This refund request was already ${existing.status}.`);
    }
    const [question] = await tx
      .select({ title: questions.title })
      .from(questions)
      .where(eq(questions.id, decision.questionId));
    await enqueue(
      tx,
      QUESTIONS_STREAM,
      createEvent(RefundDecided, {
        questionId: decided.questionId,
        askerId: decided.askerId,
        expertId: decided.expertId,
        title: question?.title ?? '',
        granted: status === 'granted',
        note: decision.note,
        decidedBy: decision.staffId,
        decidedAt: decision.now.toISOString(),
      }),
    );
    return status;
  });
}

/** A question's refund request as its asker and staff read it. */
export async function refundRequestOf(
  db: Executor,
  questionId: string,
): Promise<RefundRequest | null> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.questionId, questionId));
  return row ? toRefundRequest(row) : null;
}

function toRefundRequest(row: typeof refundRequests.$inferSelect): RefundRequest {
  return {
    status: row.status,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

/** The staff's queue: requests of one status, oldest first (the longest waiting on top). */
export async function refundQueue(db: Executor, status: RefundStatus): Promise<RefundQueueItem[]> {
  const rows = await db
    .select({
      request: refundRequests,
      title: questions.title,
      answeredAt: questions.answeredAt,
      rating: questions.rating,
    })
    .from(refundRequests)
    .innerJoin(questions, eq(questions.id, refundRequests.questionId))
    .where(eq(refundRequests.status, status))
    .orderBy(asc(refundRequests.requestedAt))
    .limit(200);
  return rows.map((row) => ({
    ...toRefundRequest(row.request),
    questionId: row.request.questionId,
    title: row.title,
    askerId: row.request.askerId,
    expertId: row.request.expertId,
    answeredAt: (row.answeredAt as Date).toISOString(),
    rating: row.rating,
  }));
}
