import { CREDIT_RELEASE_SUBJECT, CreditReleaseReply } from '@uapqa/contracts';
import type { EventBus, Logger } from '@uapqa/service-kit';
import type { Database, Executor } from '@uapqa/service-kit/db';
import { and, asc, eq, lt, notInArray } from 'drizzle-orm';
import { creditReservations, questions } from './db/schema.js';

/**
 * Credit reservations, kept so that a debit for a question that was never stored is always given
 * back, even when the asking process dies between billing's debit and its own commit:
 *
 * 1. `recordReservation` commits a row on its own before billing is asked;
 * 2. the asking transaction locks it first (`holdReservation`) and deletes it in the transaction
 *    that stores the question, so a stored question leaves no row;
 * 3. an ask that fails settles its row at once (`settleReservation`), and the sweep
 *    (jobs/reservations.ts) settles any row left behind: billing releases the credit, and only
 *    its acknowledgement removes the row. Billing refunds a debit once, and a release without a
 *    debit changes nothing, so releasing twice is harmless while never releasing is not.
 */

export interface Reservation {
  questionId: string;
  userId: number;
}

export async function recordReservation(db: Database, reservation: Reservation): Promise<void> {
  await db.insert(creditReservations).values(reservation);
}

/**
 * Locks the ask's own reservation for the rest of its transaction, so no sweep takes it. False
 * when it is gone: a sweep settled it already (the ask waited longer than RESERVATION_ORPHAN_MS),
 * and the ask must not ask billing.
 */
export async function holdReservation(tx: Executor, questionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ questionId: creditReservations.questionId })
    .from(creditReservations)
    .where(eq(creditReservations.questionId, questionId))
    .for('update');
  return Boolean(row);
}

/** The reservation is over: its question is stored (in the same transaction), or never billed. */
export async function dropReservation(db: Executor, questionId: string): Promise<void> {
  await db.delete(creditReservations).where(eq(creditReservations.questionId, questionId));
}

/**
 * What became of a reservation: `settled` (its row is gone: the question exists, or billing
 * acknowledged the release), `kept` (billing released but the row stays for the sweep to
 * release again later), `failed` (billing did not answer: the row stays), `absent` (no row, or
 * another transaction holds it).
 */
export type Settlement = 'settled' | 'kept' | 'failed' | 'absent';

export interface SettleOptions {
  db: Database;
  bus: EventBus;
  timeoutMs: number;
  logger: Logger;
}

/** Settles one reservation row already locked by `tx`. */
async function settleLocked(
  tx: Executor,
  { bus, timeoutMs, logger }: Omit<SettleOptions, 'db'>,
  reservation: Reservation,
  keepRow: boolean,
): Promise<{ settlement: Settlement; error?: unknown }> {
  const [stored] = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, reservation.questionId));
  if (stored) {
    // Its question was stored, so the debit stands (cannot happen while the row is deleted with
    // the insert; kept for safety).
    await dropReservation(tx, reservation.questionId);
    return { settlement: 'settled' };
  }
  try {
    CreditReleaseReply.parse(
      await bus.request(
        CREDIT_RELEASE_SUBJECT,
        { userId: reservation.userId, questionId: reservation.questionId },
        timeoutMs,
      ),
    );
  } catch (error) {
    logger.warn(
      { err: error, questionId: reservation.questionId },
      'credit release not acknowledged; the reservation sweep retries it',
    );
    return { settlement: 'failed', error };
  }
  if (keepRow) return { settlement: 'kept' };
  await dropReservation(tx, reservation.questionId);
  return { settlement: 'settled' };
}

/**
 * Settles the reservation of an ask that did not store its question, right after it failed.
 * `keepRow` when billing's answer to the reservation is unknown (a timeout: it may still debit
 * later), so the sweep releases once more after RESERVATION_ORPHAN_MS. A row locked elsewhere (a
 * sweep) or already gone (the question was stored after all) is left alone.
 */
export async function settleReservation(
  options: SettleOptions,
  reservation: Reservation,
  { keepRow = false } = {},
): Promise<Settlement> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ questionId: creditReservations.questionId, userId: creditReservations.userId })
      .from(creditReservations)
      .where(eq(creditReservations.questionId, reservation.questionId))
      .for('update', { skipLocked: true });
    if (!row) return 'absent';
    return (await settleLocked(tx, options, row, keepRow)).settlement;
  });
}

/**
 * Settles every reservation older than `olderThan` that no transaction holds: one row per
 * transaction, each locked with SKIP LOCKED, so a live ask's row (locked by its transaction) is
 * never taken and replicas sweeping at once never take the same row. Stops early when billing
 * is unreachable. Returns how many rows were settled.
 */
export async function sweepReservationsOlderThan(
  options: SettleOptions,
  olderThan: Date,
  limit = 500,
): Promise<number> {
  const failed: string[] = [];
  let settled = 0;
  for (let n = 0; n < limit; n++) {
    const outcome = await options.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ questionId: creditReservations.questionId, userId: creditReservations.userId })
        .from(creditReservations)
        .where(
          and(
            lt(creditReservations.createdAt, olderThan),
            failed.length > 0 ? notInArray(creditReservations.questionId, failed) : undefined,
          ),
        )
        .orderBy(asc(creditReservations.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      return { row, ...(await settleLocked(tx, options, row, false)) };
    });
    if (!outcome) break;
    if (outcome.settlement === 'settled') {
      settled++;
      continue;
    }
    failed.push(outcome.row.questionId);
    const code = (outcome.error as { code?: string } | undefined)?.code;
    if (code === 'timeout' || code === 'no_responders') break;
  }
  return settled;
}
