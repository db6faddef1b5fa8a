import { createEvent, QUESTIONS_STREAM, QuestionOverdue } from '@uapqa/contracts';
import type { Logger } from '@uapqa/service-kit';
import { type Database, enqueue, type OutboxRelay } from '@uapqa/service-kit/db';
import { and, eq, isNull, lt, min } from 'drizzle-orm';
import { questions } from '../db/schema.js';
import { withdrawFromUnlisted } from '../withdrawals.js';

/** setTimeout's longest delay; a later deadline is re-armed for when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

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

export interface OverdueSchedule {
  /** Looks up the next deadline again (after an approval, an answer or a sweep). */
  rearm(): void;
  stop(): void;
}

/**
 * Refunds at the deadline rather than at the next sweep: a timer set for the earliest deadline,
 * re-armed whenever it may have moved, and a sweep at start for whatever fell due while the
 * service was down. The sweep every `intervalMs` stays as a backstop for approvals another
 * replica took in and then stopped. Every replica may fire at once: the sweep claims each
 * question once.
 */
export function scheduleOverdue(
  db: Database,
  relay: OutboxRelay,
  intervalMs: number,
  logger: Logger,
): OverdueSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let arming = 0;

  const sweep = () =>
    sweepOverdue(db)
      .then(async (count) => {
        if (count > 0) logger.info({ count }, 'questions overdue');
        // A backstop too: an approval applied just before its expert was delisted, by a
        // replica that stopped before withdrawing it.
        const withdrawn = await db.transaction((tx) => withdrawFromUnlisted(tx));
        if (withdrawn > 0) logger.info({ count: withdrawn }, 'questions withdrawn');
        if (count + withdrawn > 0) relay.kick();
      })
      .catch((error) => logger.warn({ err: error }, 'overdue sweep failed'));

  const rearm = () => {
    if (stopped) return;
    const attempt = ++arming;
    nextDeadline(db)
      .then((dueAt) => {
        // A later call has looked again in the meantime: its answer wins.
        if (stopped || attempt !== arming) return;
        clearTimeout(timer);
        timer = undefined;
        if (!dueAt) return;
        // Overdue once the deadline is behind: one millisecond past it.
        const delay = Math.min(Math.max(0, dueAt.getTime() + 1 - Date.now()), LONGEST_TIMER_MS);
        timer = setTimeout(() => {
          timer = undefined;
          void sweep().then(rearm);
        }, delay);
        timer.unref();
      })
      .catch((error) => logger.warn({ err: error }, 'next answer deadline not found'));
  };

  const interval = setInterval(() => void sweep().then(rearm), intervalMs);
  interval.unref();
  void sweep().then(rearm);
  return {
    rearm,
    stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(timer);
    },
  };
}
