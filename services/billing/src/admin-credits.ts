import { randomUUID } from 'node:crypto';
import {
  type AdminCredits,
  BILLING_STREAM,
  BillingStaffActionTaken,
  type CreditAdjustmentBody,
  createEvent,
} from '@uapqa/contracts';
import { conflict, notFound } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, desc, eq } from 'drizzle-orm';
import { accounts, ledger, payments } from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { appendEntry, balanceOf, lockAccount, readAccountSummary } from './ledger.js';
import { accountBody, paymentBody } from './shape.js';

/** How many of the latest ledger lines (and payments) the admin's page shows. */
const LEDGER_LINES = 50;

/** Billing knows an account from its UserRegistered on: any other id is nobody's. */
async function known(db: BillingDeps['db'], userId: number): Promise<void> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  if (!row) throw notFound('No member with that id.');
}

async function credits(db: BillingDeps['db'], userId: number): Promise<AdminCredits> {
  const [summary, lines, paid] = await Promise.all([
    readAccountSummary(db, userId),
    db
      .select()
      .from(ledger)
      .where(eq(ledger.userId, userId))
      .orderBy(desc(ledger.id))
      .limit(LEDGER_LINES),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.settledAt))
      .limit(LEDGER_LINES),
  ]);
  return {
    userId,
    account: accountBody(summary),
    ledger: lines.map((line) => ({
      id: line.id,
      delta: line.delta,
      kind: line.kind,
      reference: line.reference,
      createdAt: line.createdAt.toISOString(),
    })),
    payments: paid.map(paymentBody),
  };
}

/** A member's subscription, balance, latest ledger lines and paid payments; 404 for no member. */
export async function readAdminCredits(
  db: BillingDeps['db'],
  userId: number,
): Promise<AdminCredits> {
  await known(db, userId);
  return credits(db, userId);
}

/**
 * An admin's grant or take-back: a ledger entry of its own kind (`staff_adjustment`) with the
 * reason and the admin, so the balance stays the sum of the ledger and never goes below zero
 * (409). Answers the member's credits as they now are.
 */
export async function adjustCredits(
  { db, relay }: Pick<BillingDeps, 'db' | 'relay'>,
  adjustment: CreditAdjustmentBody & { userId: number; adminId: number },
): Promise<AdminCredits> {
  const { userId, adminId, delta, reason } = adjustment;
  await known(db, userId);
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const balance = await balanceOf(tx, userId);
    if (balance + delta < 0) {
      throw conflict(
        `This member has ${balance} credit${balance === 1 ? '' : 's'}: at most ${balance} can be taken back.`,
      );
    }
    await appendEntry(tx, {
      userId,
      delta,
      kind: 'staff_adjustment',
      key: `staff:${randomUUID()}`,
      reference: `admin ${adminId}: ${reason}`,
    });
    // The audit log (identity's) records it once, from this event.
    await enqueue(
      tx,
      BILLING_STREAM,
      createEvent(BillingStaffActionTaken, {
        actorId: adminId,
        action: 'credits_adjusted',
        subjectUserId: userId,
        subject: `${delta > 0 ? '+' : ''}${delta} credit${Math.abs(delta) === 1 ? '' : 's'}`,
        reason,
      }),
    );
  });
  relay.kick();
  return credits(db, userId);
}
