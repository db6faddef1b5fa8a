import { FROZEN_CREDITS_MONTHS } from '@uapqa/contracts';
import { currentSession, requireRole, requireSession, startOfMonthUtc } from '@uapqa/service-kit';
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import { accounts, expertEarnings, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { readAccountSummary, subscriptionStatus } from '../ledger.js';

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

export function accountRoutes({ db, config }: BillingDeps): Hono {
  const app = new Hono();

  /** The member's subscription and balance (the gateway joins it into `/api/user`). */
  app.get('/api/billing/account', requireSession, async (c) => {
    const { userId } = currentSession(c);
    const account = await readAccountSummary(db, userId);
    const lapsedAt = account.status !== 'active' ? account.lapsedAt : null;
    return c.json({
      subscriptionStatus: subscriptionStatus(account),
      foiaCredits: account.balance,
      currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
      lapsedAt: lapsedAt?.toISOString() ?? null,
      creditsExpireAt: lapsedAt ? addMonths(lapsedAt, FROZEN_CREDITS_MONTHS).toISOString() : null,
    });
  });

  /** An expert's Total Earnings and Next Payout (the unpaid part). */
  app.get('/api/billing/earnings', requireRole('expert'), async (c) => {
    const { userId } = currentSession(c);
    const [totals] = await db
      .select({
        answered: count(),
        total: sum(expertEarnings.amountCents),
        unpaid: sql<
          string | null
        >`sum(${expertEarnings.amountCents}) filter (where ${expertEarnings.paidOutAt} is null)`,
      })
      .from(expertEarnings)
      .where(eq(expertEarnings.expertId, userId));
    return c.json({
      feeCents: config.EXPERT_FEE_CENTS,
      answeredCount: totals?.answered ?? 0,
      totalEarningsCents: Number(totals?.total ?? 0),
      unpaidCents: Number(totals?.unpaid ?? 0),
    });
  });

  /** Billing's part of the staff figures. */
  app.get('/api/billing/stats', requireRole('admin', 'moderator'), async (c) => {
    const monthStart = startOfMonthUtc();
    const [active] = await db
      .select({ n: count() })
      .from(accounts)
      .where(eq(accounts.status, 'active'));
    const [revenue] = await db
      .select({ cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), gte(payments.settledAt, monthStart)));
    return c.json({
      activeSubscribers: active?.n ?? 0,
      monthlyRevenue: Number(revenue?.cents ?? 0) / 100,
    });
  });

  return app;
}
