import { createEvent, QUESTIONS_STREAM, QuestionOverdue } from '@uapqa/contracts';
import { type Logger, scheduleAtEarliest, type TimedJob } from '@uapqa/service-kit';
import { type Database, enqueue, type OutboxRelay } from '@uapqa/service-kit/db';
import { and, eq, isNull, lt, min } from 'drizzle-orm';
import { questions } from '../db/schema.js';
import { withdrawFromUnlisted } from '../withdrawals.js';

const stillOpen = and(
  eq(questions.status, 'approved'),
  isNull(questions.overdueAt),
  isNull(questions.withdrawnAt),
);

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
      .where(and(stillOpen, lt(questions.dueAt, now)))
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

/** The earliest deadline of a question still awaiting its answer, if any. */
async function nextDeadline(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: min(questions.dueAt) })
    .from(questions)
    .where(stillOpen);
  return row?.dueAt ? new Date(row.dueAt) : null;
}

/**
 * Refunds at the deadline rather than at the next sweep (see `scheduleAtEarliest`): the sweep
 * claims each question once, so every replica may fire.
 */
export function scheduleOverdue(
  db: Database,
  relay: OutboxRelay,
  intervalMs: number,
  logger: Logger,
): TimedJob {
  return scheduleAtEarliest({
    next: () => nextDeadline(db),
    run: () =>
      sweepOverdue(db)
        .then(async (count) => {
          if (count > 0) logger.info({ count }, 'questions overdue');
          // A backstop too: an approval applied just before its expert was delisted, by a
          // replica that stopped before withdrawing it.
          const withdrawn = await db.transaction((tx) => withdrawFromUnlisted(tx));
          if (withdrawn > 0) logger.info({ count: withdrawn }, 'questions withdrawn');
          if (count + withdrawn > 0) relay.kick();
        })
        .catch((error) => logger.warn({ err: error }, 'overdue sweep failed')),
    intervalMs,
    logger,
    what: 'answer deadline',
    // Overdue once the deadline is behind: one millisecond past it.
    afterMs: 1,
  });
}
