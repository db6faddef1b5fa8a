import { randomUUID } from 'node:crypto';
import {
  AdminCredits,
  BILLING_STREAM,
  BillingStaffActionTaken,
  CreditAdjustmentBody,
  createEvent,
  IdParam,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  conflict,
  currentSession,
  notFound,
  readJson,
  readParams,
  requireRole,
  roles,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { accounts, ledger, payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { appendEntry, balanceOf, lockAccount, readAccountSummary } from '../ledger.js';
import { accountBody } from './account.js';
import { paymentBody } from './subscription.js';

/** How many of the latest ledger lines (and payments) the admin's page shows. */
const LEDGER_LINES = 50;

/**
 * A member's credits as an admin sees them, and the admin's grants and take-backs: each is a
 * ledger entry of its own kind (`staff_adjustment`) with the reason and the admin, so the
 * balance stays the sum of the ledger and never goes below zero.
 */
export function adminCreditRoutes({ db, relay }: BillingDeps): Hono {
  const app = new Hono();
  app.use('/api/admin/users/:id/credits', requireRole('admin'));

  /** Billing knows an account from its UserRegistered on: any other id is nobody's. */
  async function known(userId: number): Promise<void> {
    const [row] = await db
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    if (!row) throw notFound('No member with that id.');
  }

  async function credits(userId: number): Promise<AdminCredits> {
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

  app.get(
    '/api/admin/users/:id/credits',
    apiDoc({
      operationId: 'getUserCredits',
      summary: "A member's subscription, balance, latest ledger lines and paid payments",
      tag: 'billing',
      access: roles('admin'),
      params: IdParam,
      ok: { 200: answer(AdminCredits) },
      errors: [404],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      await known(id);
      return c.json(await credits(id));
    },
  );

  app.post(
    '/api/admin/users/:id/credits',
    apiDoc({
      operationId: 'adjustUserCredits',
      summary: 'Grant credits to a member, or take some back, with a reason',
      description:
        'Appends a `staff_adjustment` ledger entry naming the admin and the reason. Taking back more than the balance is a 409: a balance never goes below zero.',
      tag: 'billing',
      access: roles('admin'),
      params: IdParam,
      body: CreditAdjustmentBody,
      ok: { 201: answer(AdminCredits) },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const { delta, reason } = await readJson(c, CreditAdjustmentBody);
      const { userId: adminId } = currentSession(c);
      await known(id);
      await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        const balance = await balanceOf(tx, id);
        if (balance + delta < 0) {
          throw conflict(
            `This member has ${balance} credit${balance === 1 ? '' : 's'}: at most ${balance} can be taken back.`,
          );
        }
        await appendEntry(tx, {
          userId: id,
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
            subjectUserId: id,
            subject: `${delta > 0 ? '+' : ''}${delta} credit${Math.abs(delta) === 1 ? '' : 's'}`,
            reason,
          }),
        );
      });
      relay.kick();
      return c.json(await credits(id), 201);
    },
  );

  return app;
}
