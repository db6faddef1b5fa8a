import type { QuestionWindow } from '@uapqa/contracts';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, asc, count, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { QuestionsConfig } from './config.js';
import { experts, questions, questionWindows } from './db/schema.js';

const HOUR = 60 * 60 * 1000;
const WEEK = 7 * 24 * HOUR;

export interface WindowTimes {
  opensAt: Date;
  closesAt: Date;
  open: boolean;
}

/**
 * The window in force at `now`: the latest weekly opening at or before now, open until its
 * duration is over; once over, the next week's opening (not open yet).
 */
export function windowAt(config: QuestionsConfig, now = new Date()): WindowTimes {
  const opening = new Date(now);
  opening.setUTCHours(config.WINDOW_OPEN_HOUR_UTC, 0, 0, 0);
  const daysBack = (opening.getUTCDay() - config.WINDOW_OPEN_WEEKDAY + 7) % 7;
  opening.setTime(opening.getTime() - daysBack * 24 * HOUR);
  if (opening > now) opening.setTime(opening.getTime() - WEEK);
  const closesAt = new Date(opening.getTime() + config.WINDOW_DURATION_HOURS * HOUR);
  if (now < closesAt) return { opensAt: opening, closesAt, open: true };
  const next = new Date(opening.getTime() + WEEK);
  return {
    opensAt: next,
    closesAt: new Date(next.getTime() + config.WINDOW_DURATION_HOURS * HOUR),
    open: false,
  };
}

/**
 * Takes one place in an expert's window, in the caller's transaction. The conditional increment
 * is atomic in Postgres: however many submissions arrive at once, no window takes more than its
 * capacity. Returns false when it is full.
 */
export async function claimPlace(
  tx: Executor,
  expertId: number,
  window: WindowTimes,
  capacity: number,
): Promise<boolean> {
  await tx
    .insert(questionWindows)
    .values({ expertId, opensAt: window.opensAt, closesAt: window.closesAt, capacity })
    .onConflictDoNothing();
  const claimed = await tx
    .update(questionWindows)
    .set({ accepted: sql`${questionWindows.accepted} + 1` })
    .where(
      and(
        eq(questionWindows.expertId, expertId),
        eq(questionWindows.opensAt, window.opensAt),
        lt(questionWindows.accepted, questionWindows.capacity),
      ),
    )
    .returning({ accepted: questionWindows.accepted });
  return claimed.length > 0;
}

function prepareCurrentWindows(db: Executor) {
  return db
    .select({
      expertId: experts.userId,
      questionsPerWeek: experts.questionsPerWeek,
      accepted: questionWindows.accepted,
      capacity: questionWindows.capacity,
    })
    .from(experts)
    .leftJoin(
      questionWindows,
      and(
        eq(questionWindows.expertId, experts.userId),
        eq(questionWindows.opensAt, sql`${sql.placeholder('opensAt')}::timestamptz`),
      ),
    )
    .where(eq(experts.listed, true))
    .orderBy(asc(experts.userId))
    .prepare('current_windows');
}

/**
 * Each listed expert's `window` as the ask form and `/api/creators` show it: the experts and
 * their windows' places in one prepared statement. An expert without a window row yet has all of
 * `questionsPerWeek` left.
 */
export async function describeWindows(
  db: Executor,
  window: WindowTimes,
): Promise<QuestionWindow[]> {
  const opensAt = window.opensAt.toISOString();
  const closesAt = window.closesAt.toISOString();
  const rows = await preparedOnce(db, 'current_windows', () => prepareCurrentWindows(db)).execute({
    opensAt,
  });
  return rows.map((row) => {
    const capacity = row.capacity ?? row.questionsPerWeek;
    return {
      creatorId: row.expertId,
      opensAt,
      closesAt,
      capacity,
      remaining: Math.max(0, capacity - (row.accepted ?? 0)),
    };
  });
}

/**
 * How many places a member holds in an expert's window: their questions counted in it, rejected
 * and withdrawn ones aside (both are refunded and give their place back).
 */
export async function placesHeld(
  db: Executor,
  held: { askerId: number; expertId: number; opensAt: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(questions)
    .where(
      and(
        eq(questions.requestedExpertId, held.expertId),
        eq(questions.windowOpensAt, held.opensAt),
        eq(questions.askerId, held.askerId),
        ne(questions.status, 'rejected'),
        isNull(questions.withdrawnAt),
      ),
    );
  return row?.n ?? 0;
}

/** Every place a member holds in the windows opening at `opensAt`, by expert. */
export async function placesHeldByExpert(
  db: Executor,
  askerId: number,
  opensAt: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ expertId: questions.requestedExpertId, n: count() })
    .from(questions)
    .where(
      and(
        eq(questions.askerId, askerId),
        eq(questions.windowOpensAt, opensAt),
        ne(questions.status, 'rejected'),
        isNull(questions.withdrawnAt),
      ),
    )
    .groupBy(questions.requestedExpertId);
  return new Map(rows.map((row) => [row.expertId, row.n]));
}

/**
 * Gives a rejected or withdrawn question's place back to the window it was counted in, in the caller's
 * transaction. Never below zero: a window row from before places were given back may count
 * fewer than its questions.
 */
export async function releasePlace(
  tx: Executor,
  place: { expertId: number; opensAt: Date },
): Promise<void> {
  await tx
    .update(questionWindows)
    .set({ accepted: sql`${questionWindows.accepted} - 1` })
    .where(
      and(
        eq(questionWindows.expertId, place.expertId),
        eq(questionWindows.opensAt, place.opensAt),
        sql`${questionWindows.accepted} > 0`,
      ),
    );
}
