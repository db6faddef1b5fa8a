import { BillingAccount, BillingStats, ExpertEarnings } from '@uapqa/contracts';
import {
  currentSession,
  defineRoute,
  response,
  roles,
  SESSION,
  startOfMonthUtc,
} from '@uapqa/service-kit';
import { and, count, eq, gte, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import { addMonths } from '../dates.js';
import { accounts, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { readEarningsStatement } from '../earnings.js';
import { readAccountSummary } from '../ledger.js';
import { accountBody } from '../shape.js';

export { addMonths };

export function accountRoutes({ db, config }: BillingDeps): Hono {
  const app = new Hono();

  /** The member's subscription and balance (the gateway joins it into `/api/user`). */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/account',
      operationId: 'getBillingAccount',
      summary: "The caller's subscription and credits",
      tag: 'billing',
      access: SESSION,
      ok: { 200: response(BillingAccount) },
    },
    async (c) => {
      return c.json(accountBody(await readAccountSummary(db, currentSession(c).userId)));
    },
  );

  /**
   * The signed-in expert's earnings statement: totals, each monthly payout period and the next
   * payout. Only their own: the id comes from the session, never from the request.
   */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/earnings',
      operationId: 'getExpertEarnings',
      summary: "The signed-in expert's earnings statement: totals, monthly periods, next payout",
      tag: 'billing',
      access: roles('expert'),
      ok: { 200: response(ExpertEarnings) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const statement = await readEarningsStatement(db, userId, config.EXPERT_FEE_CENTS);
      // Money changes with every answer; a cached copy would show an expert a stale balance.
      c.header('Cache-Control', 'no-store');
      return c.json(statement);
    },
  );

  /** Billing's part of the staff figures. */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/stats',
      operationId: 'getBillingStats',
      summary: 'Subscribers and revenue this month',
      tag: 'billing',
      access: roles('admin', 'moderator'),
      ok: { 200: response(BillingStats) },
    },
    async (c) => {
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
    },
  );

  return app;
}
