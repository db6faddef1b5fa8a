import type { ExpertPayoutLine, PaymentReport, PaymentReportMonth } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, count, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import { expertEarnings, ledger, payments } from './db/schema.js';
import { nextPayoutDay } from './earnings.js';

/** How many months (the current one included) the payment report covers. */
export const REPORT_MONTHS = 12;

const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** `YYYY-MM` of the `REPORT_MONTHS` months up to `now`'s, oldest first. */
export function reportMonths(now: Date): string[] {
  return Array.from({ length: REPORT_MONTHS }, (_, i) => {
    const date = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REPORT_MONTHS - 1 - i), 1),
    );
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * The payment report, read from billing's own records only: revenue from settled payments,
 * credits from the ledger by kind, subscribers from paid subscription periods. Every figure is a
 * sum of those rows, so it agrees with the ledger and the receipts by construction.
 */
export async function readPaymentReport(db: Executor, now: Date): Promise<PaymentReport> {
  const months = reportMonths(now);
  // The month before the first, for its churn.
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - REPORT_MONTHS, 1));
  const paid = and(eq(payments.status, 'succeeded'), gte(payments.settledAt, from));
  const [revenue, credits, subscribers, experts] = await Promise.all([
    db
      .select({
        month: monthOf(payments.settledAt),
        purpose: payments.purpose,
        cents: sum(payments.amountCents),
      })
      .from(payments)
      .where(paid)
      .groupBy(monthOf(payments.settledAt), payments.purpose),
    db
      .select({ month: monthOf(ledger.createdAt), kind: ledger.kind, delta: sum(ledger.delta) })
      .from(ledger)
      .where(gte(ledger.createdAt, from))
      .groupBy(monthOf(ledger.createdAt), ledger.kind),
    db
      .selectDistinct({ month: monthOf(payments.settledAt), userId: payments.userId })
      .from(payments)
      .where(and(paid, eq(payments.purpose, 'subscription'))),
    db
      .select({
        expertId: expertEarnings.expertId,
        answers: count(),
        earned: sum(expertEarnings.amountCents),
        due: sum(
          sql`case when ${expertEarnings.paidOutAt} is null then ${expertEarnings.amountCents} else 0 end`,
        ),
      })
      .from(expertEarnings)
      .where(isNull(expertEarnings.reversedAt))
      .groupBy(expertEarnings.expertId)
      .orderBy(expertEarnings.expertId),
  ]);

  const payers = new Map<string, Set<number>>();
  for (const row of subscribers) {
    if (!payers.has(row.month)) payers.set(row.month, new Set());
    payers.get(row.month)!.add(row.userId);
  }
  const credit = (month: string, ...kinds: string[]) =>
    credits
      .filter((row) => row.month === month && kinds.includes(row.kind))
      .reduce((total, row) => total + Number(row.delta ?? 0), 0);
  const report: PaymentReportMonth[] = months.map((month, i) => {
    const cents = (purposes: string[]) =>
      revenue
        .filter((row) => row.month === month && purposes.includes(row.purpose))
        .reduce((total, row) => total + Number(row.cents ?? 0), 0);
    const paying = payers.get(month) ?? new Set<number>();
    const previousMonth = i > 0 ? months[i - 1]! : reportMonths(from)[REPORT_MONTHS - 1]!;
    const before = payers.get(previousMonth) ?? new Set<number>();
    return {
      month,
      subscriptionRevenueCents: cents(['subscription']),
      packRevenueCents: cents(['small', 'bulk']),
      creditsIssued: credit(month, 'subscription_credit', 'purchase'),
      creditsRefunded: credit(month, 'question_refund'),
      creditsAdjusted: credit(month, 'staff_adjustment'),
      creditsSpent: -credit(month, 'question_debit'),
      creditsLost: -credit(month, 'expiry', 'forfeit'),
      activeSubscribers: paying.size,
      churnedSubscribers: [...before].filter((userId) => !paying.has(userId)).length,
    };
  });
  const payout = nextPayoutDay(now).toISOString().slice(0, 10);
  const lines: ExpertPayoutLine[] = experts.map((row) => ({
    expertId: row.expertId,
    answers: row.answers,
    earnedCents: Number(row.earned ?? 0),
    dueCents: Number(row.due ?? 0),
    paidCents: Number(row.earned ?? 0) - Number(row.due ?? 0),
    nextPayoutOn: payout,
  }));
  return { months: report, experts: lines };
}
