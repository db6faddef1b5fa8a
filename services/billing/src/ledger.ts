import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { accounts, type LEDGER_KINDS, ledger } from './db/schema.js';

export type Account = typeof accounts.$inferSelect;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Creates the member's account if needed and locks its row for the rest of the transaction:
 * every balance change of a member happens under this lock, one at a time.
 */
export async function lockAccount(tx: Executor, userId: number): Promise<Account> {
  await tx.insert(accounts).values({ userId }).onConflictDoNothing();
  const [account] = await tx
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .for('update');
  return account!;
}

/** What the member's own pages show of their account (a member without one has none yet). */
export interface AccountSummary {
  status: Account['status'] | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  lapsedAt: Date | null;
  balance: number;
}

function prepareAccountSummary(db: Executor) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      status: accounts.status,
      currentPeriodEnd: accounts.currentPeriodEnd,
      cancelAtPeriodEnd: accounts.cancelAtPeriodEnd,
      lapsedAt: accounts.lapsedAt,
      balance: sql<string | number>`(
        select coalesce(sum(${ledger.delta}), 0) from ${ledger} where ${ledger.userId} = ${userId})`,
    })
    .from(sql`(values (1)) as "member"`)
    .leftJoin(accounts, eq(accounts.userId, userId))
    .prepare('account_summary');
}

/**
 * The account and its balance in one prepared statement: one snapshot, so the status and the
 * balance always agree, and one round trip for the call every page load makes.
 */
export async function readAccountSummary(db: Executor, userId: number): Promise<AccountSummary> {
  const [row] = await preparedOnce(db, 'account_summary', () => prepareAccountSummary(db)).execute({
    userId,
  });
  return {
    status: row?.status ?? null,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    lapsedAt: row?.lapsedAt ?? null,
    balance: Number(row?.balance ?? 0),
  };
}

export async function balanceOf(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string | number>`coalesce(sum(${ledger.delta}), 0)` })
    .from(ledger)
    .where(eq(ledger.userId, userId));
  return Number(row?.balance ?? 0);
}

/** Appends an entry unless its key is already there; true when it was appended. */
export async function appendEntry(
  tx: Executor,
  entry: { userId: number; delta: number; kind: LedgerKind; key: string; reference?: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(ledger)
    .values({
      userId: entry.userId,
      delta: entry.delta,
      kind: entry.kind,
      idempotencyKey: entry.key,
      reference: entry.reference ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: ledger.id });
  return inserted.length > 0;
}

export async function findEntry(tx: Executor, key: string) {
  const [entry] = await tx.select().from(ledger).where(eq(ledger.idempotencyKey, key));
  return entry ?? null;
}

export const ledgerKeys = {
  questionDebit: (questionId: string) => `question:${questionId}:debit`,
  questionRefund: (questionId: string) => `question:${questionId}:refund`,
  purchase: (paymentIntentId: string) => `payment_intent:${paymentIntentId}`,
  subscriptionPeriod: (invoiceId: string) => `invoice:${invoiceId}`,
  expiry: (userId: number, lapsedAt: Date) => `expiry:${userId}:${lapsedAt.toISOString()}`,
};

/** The API's two states: only a paid, current subscription is active. */
export function subscriptionStatus(
  account: { status: Account['status'] | null } | null,
): 'active' | 'inactive' {
  return account?.status === 'active' ? 'active' : 'inactive';
}
