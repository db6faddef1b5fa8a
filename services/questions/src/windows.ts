import type { QuestionWindow } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { QuestionsConfig } from './config.js';
import { questionWindows } from './db/schema.js';

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

/** Each expert's current window as the ask form and `/api/creators` show it. */
export async function describeWindows(
  db: Executor,
  config: QuestionsConfig,
  experts: Array<{ userId: number; questionsPerWeek: number }>,
  now = new Date(),
): Promise<QuestionWindow[]> {
  const window = windowAt(config, now);
  const rows = await db
    .select({
      expertId: questionWindows.expertId,
      accepted: questionWindows.accepted,
      capacity: questionWindows.capacity,
    })
    .from(questionWindows)
    .where(eq(questionWindows.opensAt, window.opensAt));
  const taken = new Map(rows.map((row) => [row.expertId, row]));
  return experts.map((expert) => {
    const row = taken.get(expert.userId);
    const capacity = row?.capacity ?? expert.questionsPerWeek;
    return {
      creatorId: expert.userId,
      opensAt: window.opensAt.toISOString(),
      closesAt: window.closesAt.toISOString(),
      capacity,
      remaining: Math.max(0, capacity - (row?.accepted ?? 0)),
    };
  });
}
