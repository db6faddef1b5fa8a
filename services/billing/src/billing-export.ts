import type { BillingExport } from '@uapqa/contracts';
import { asc, eq } from 'drizzle-orm';
import { accounts, ledger, payments } from './db/schema.js';
import type { BillingDeps } from './deps.js';

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
