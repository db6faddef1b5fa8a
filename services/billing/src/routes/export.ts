import { BillingExport } from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  currentSession,
  readParams,
  requireRole,
  requireSession,
  roles,
  SESSION,
} from '@uapqa/service-kit';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { accounts, ledger, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';

const UserIdParam = z.object({
  userId: z.coerce
    .number({ error: 'userId must be a number' })
    .int('userId must be a whole number')
    .positive('userId must be positive'),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What billing holds of one member: subscription, ledger, payments. */
export async function readBillingExport(
  db: BillingDeps['db'],
  userId: number,
): Promise<BillingExport> {
  const [account] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  const entries = await db
    .select()
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .orderBy(asc(ledger.id));
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));
  return {
    subscription: account
      ? {
          status: account.status,
          currentPeriodEnd: iso(account.currentPeriodEnd),
          cancelAtPeriodEnd: account.cancelAtPeriodEnd,
          lapsedAt: iso(account.lapsedAt),
        }
      : null,
    balance: entries.reduce((sum, entry) => sum + entry.delta, 0),
    ledger: entries.map((entry) => ({
      delta: entry.delta,
      kind: entry.kind,
      createdAt: entry.createdAt.toISOString(),
    })),
    payments: paid.map((payment) => ({
      id: payment.id,
      purpose: payment.purpose,
      amountCents: payment.amountCents,
      status: payment.status,
      createdAt: payment.createdAt.toISOString(),
      settledAt: iso(payment.settledAt),
    })),
  };
}

/** Everything billing holds of the caller, for their data export; and, for admins, of anyone. */
export function exportRoutes({ db }: BillingDeps): Hono {
  const app = new Hono();
  app.get(
    '/api/billing/export',
    apiDoc({
      operationId: 'getBillingExport',
      summary: "Everything billing holds of the caller (the export's billing part)",
      description:
        'The subscription, every credit ledger entry and every payment. The gateway puts it in `GET /api/account/export`.',
      tag: 'billing',
      access: SESSION,
      ok: { 200: answer(BillingExport) },
    }),
    requireSession,
    async (c) => c.json(await readBillingExport(db, currentSession(c).userId)),
  );
  app.get(
    '/api/billing/accounts/:userId',
    apiDoc({
      operationId: 'getBillingRecordsOfUser',
      summary: "A user's billing records, for support and the tax records",
      description:
        "The same as the export's billing part, for any user id, closed accounts included: receipts are kept after an account is closed (by the bare id), as tax law requires.",
      tag: 'billing',
      access: roles('admin'),
      params: UserIdParam,
      ok: { 200: answer(BillingExport) },
    }),
    requireRole('admin'),
    async (c) => c.json(await readBillingExport(db, readParams(c, UserIdParam).userId)),
  );
  return app;
}
