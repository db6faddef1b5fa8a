import {
  type EarningsPeriod,
  EXPERT_PAYOUT_DAY_OF_MONTH,
  type ExpertEarnings,
} from '@uapqa/contracts';
import type { Database, Executor } from '@uapqa/service-kit/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expertEarnings } from './db/schema.js';

/** One calendar month (UTC) of an expert's earnings, as summed by the database. */
export interface MonthTotals {
  month: string;
  answeredCount: number;
  amountCents: number;
  unpaidCents: number;
  lastPaidOutAt: Date | null;
}

export async function readMonthTotals(db: Database, expertId: number): Promise<MonthTotals[]> {
  const month = sql<string>`to_char(${expertEarnings.earnedAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      answeredCount: sql<number>`count(*)::int`,
      amountCents: sql<string>`sum(${expertEarnings.amountCents})`,
      unpaidCents: sql<
        string | null
      >`sum(${expertEarnings.amountCents}) filter (where ${expertEarnings.paidOutAt} is null)`,
      lastPaidOutAt: sql<string | Date | null>`max(${expertEarnings.paidOutAt})`,
    })
    .from(expertEarnings)
    .where(and(eq(expertEarnings.expertId, expertId), isNull(expertEarnings.reversedAt)))
    .groupBy(month);
  return rows.map((row) => ({
    month: row.month,
    answeredCount: Number(row.answeredCount),
    amountCents: Number(row.amountCents ?? 0),
    unpaidCents: Number(row.unpaidCents ?? 0),
    lastPaidOutAt: row.lastPaidOutAt === null ? null : new Date(row.lastPaidOutAt),
  }));
}

const pad = (value: number) => String(value).padStart(2, '0');
const monthKey = (year: number, monthIndex: number) => {
  const date = new Date(Date.UTC(year, monthIndex, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
};
const dayKey = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const payday = (year: number, monthIndex: number) =>
  new Date(Date.UTC(year, monthIndex, EXPERT_PAYOUT_DAY_OF_MONTH));

/** The first payout day that is today (UTC) or later. */
export function nextPayoutDay(now: Date): Date {
  const thisMonths = payday(now.getUTCFullYear(), now.getUTCMonth());
  return now.getUTCDate() <= EXPERT_PAYOUT_DAY_OF_MONTH
    ? thisMonths
    : payday(now.getUTCFullYear(), now.getUTCMonth() + 1);
}

/**
 * The statement: each month's count, amount and status, and the next payout. Nothing pays
 * experts out yet, so no period is `paid` unless a payout was recorded on its rows; a closed
 * month left unpaid goes out with the next payout day.
 */
export function buildStatement(months: MonthTotals[], feeCents: number, now: Date): ExpertEarnings {
  const current = monthKey(now.getUTCFullYear(), now.getUTCMonth());
  const next = nextPayoutDay(now);
  const byMonth = new Map(months.map((row) => [row.month, row]));
  if (!byMonth.has(current)) {
    byMonth.set(current, {
      month: current,
      answeredCount: 0,
      amountCents: 0,
      unpaidCents: 0,
      lastPaidOutAt: null,
    });
  }
  const periods: EarningsPeriod[] = [...byMonth.values()]
    .sort((a, b) => b.month.localeCompare(a.month))
    .map((row) => {
      const [year, month] = row.month.split('-').map(Number) as [number, number];
      // `month` is 1-based, so as a month index it already names the following month.
      const firstPayday = payday(year, month);
      const open = row.month >= current;
      const paid = !open && row.unpaidCents === 0 && row.lastPaidOutAt !== null;
      const goesOut = new Date(Math.max(firstPayday.getTime(), next.getTime()));
      return {
        month: row.month,
        answeredCount: row.answeredCount,
        amountCents: row.amountCents,
        unpaidCents: row.unpaidCents,
        status: open ? 'open' : paid ? 'paid' : 'due',
        payoutDate: dayKey(paid && row.lastPaidOutAt ? row.lastPaidOutAt : goesOut),
      };
    });
  const nextDate = dayKey(next);
  const inNext = periods.filter(
    (period) => period.status !== 'paid' && period.payoutDate === nextDate,
  );
  const sumOf = (list: EarningsPeriod[]) => list.reduce((total, p) => total + p.unpaidCents, 0);
  const closedCents = sumOf(inNext.filter((period) => period.status === 'due'));
  const openCents = sumOf(inNext.filter((period) => period.status === 'open'));
  return {
    feeCents,
    answeredCount: periods.reduce((total, p) => total + p.answeredCount, 0),
    totalEarningsCents: periods.reduce((total, p) => total + p.amountCents, 0),
    unpaidCents: sumOf(periods),
    payoutDayOfMonth: EXPERT_PAYOUT_DAY_OF_MONTH,
    nextPayout: {
      date: nextDate,
      amountCents: closedCents + openCents,
      closedCents,
      openCents,
    },
    periods,
  };
}

export async function readEarningsStatement(
  db: Database,
  expertId: number,
  feeCents: number,
  now = new Date(),
): Promise<ExpertEarnings> {
  return buildStatement(await readMonthTotals(db, expertId), feeCents, now);
}

/** A granted refund takes back the expert's fee for that answer, once (the first grant's time stays). */
export async function reverseEarning(tx: Executor, questionId: string, at: Date): Promise<void> {
  await tx
    .update(expertEarnings)
    .set({ reversedAt: at })
    .where(and(eq(expertEarnings.questionId, questionId), isNull(expertEarnings.reversedAt)));
}
