import { createEvent, QUESTIONS_STREAM, QuestionOverdue } from '@uapqa/contracts';
import { type Database, enqueue, type Logger, type OutboxRelay } from '@uapqa/service-kit';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { questions } from '../db/schema.js';

/**
 * Approved questions still unanswered at their deadline are marked overdue, and QuestionOverdue
 * (which refunds the asker) is committed with the mark. The conditional update claims each row
 * once, so several replicas sweeping at the same moment publish each question once.
 */
export async function sweepOverdue(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .update(questions)
      .set({ overdueAt: now })
      .where(
        and(
          eq(questions.status, 'approved'),
          isNull(questions.overdueAt),
          lt(questions.dueAt, now),
        ),
      )
      .returning({
        id: questions.id,
        askerId: questions.askerId,
        assignedExpertId: questions.assignedExpertId,
        dueAt: questions.dueAt,
      });
    await enqueue(
      tx,
      QUESTIONS_STREAM,
      ...overdue.map((question) =>
        createEvent(QuestionOverdue, {
          questionId: question.id,
          askerId: question.askerId ?? 0,
          assignedExpertId: question.assignedExpertId,
          dueAt: (question.dueAt ?? now).toISOString(),
        }),
      ),
    );
    return overdue.length;
  });
}

export function scheduleOverdueSweep(
  db: Database,
  relay: OutboxRelay,
  intervalMs: number,
  logger: Logger,
): () => void {
  const run = () =>
    sweepOverdue(db)
      .then((count) => {
        if (count > 0) {
          logger.info({ count }, 'questions overdue');
          relay.kick();
        }
      })
      .catch((error) => logger.warn({ err: error }, 'overdue sweep failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
