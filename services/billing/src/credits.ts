import {
  BILLING_STREAM,
  type CreditReleaseReply,
  type CreditReservationReply,
  CreditsRefunded,
  createEvent,
} from '@uapqa/contracts';
import { type Database, enqueue, type Transaction } from '@uapqa/service-kit/db';
import { appendEntry, balanceOf, findEntry, ledgerKeys, lockAccount } from './ledger.js';

/**
 * Debits one credit for a question, atomically, under the member's account lock: only an active
 * subscription with a credit to spare can pay. Asking again for the same question answers the
 * same and never debits twice.
 */
export async function reserveCredit(
  db: Database,
  request: { userId: number; questionId: string },
): Promise<CreditReservationReply> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, request.userId);
    const balance = await balanceOf(tx, request.userId);
    const existing = await findEntry(tx, ledgerKeys.questionDebit(request.questionId));
    if (existing) {
      if (existing.userId !== request.userId) {
        throw new Error(`question ${request.questionId} was paid for by another member`);
      }
      return { ok: true, balance };
    }
    if (account.status !== 'active') return { ok: false, reason: 'subscription_required', balance };
    if (balance < 1) return { ok: false, reason: 'insufficient_credits', balance };
    await appendEntry(tx, {
      userId: request.userId,
      delta: -1,
      kind: 'question_debit',
      key: ledgerKeys.questionDebit(request.questionId),
      reference: request.questionId,
    });
    return { ok: true, balance: balance - 1 };
  });
}

export type RefundReason =
  | 'rejected'
  | 'overdue'
  | 'not_stored'
  | 'expert_unavailable'
  | 'refund_granted';

/**
 * Gives a question's credit back, once, whatever asks for it (a rejection, an overdue answer,
 * an expert no longer available, a refund staff granted, or the question not being stored after all). Runs in the caller's transaction.
 */
export async function refundQuestion(
  tx: Transaction,
  questionId: string,
  reason: RefundReason,
): Promise<{ refunded: boolean; balance: number } | null> {
  const debit = await findEntry(tx, ledgerKeys.questionDebit(questionId));
  if (!debit) return null;
  await lockAccount(tx, debit.userId);
  const refunded = await appendEntry(tx, {
    userId: debit.userId,
    delta: 1,
    kind: 'question_refund',
    key: ledgerKeys.questionRefund(questionId),
    reference: reason,
  });
  const balance = await balanceOf(tx, debit.userId);
  if (refunded) {
    await enqueue(
      tx,
      BILLING_STREAM,
      createEvent(CreditsRefunded, {
        userId: debit.userId,
        questionId,
        credits: 1,
        reason,
        balance,
      }),
    );
  }
  return { refunded, balance };
}

export async function releaseCredit(
  db: Database,
  request: { userId: number; questionId: string },
): Promise<CreditReleaseReply> {
  return db.transaction(async (tx) => {
    const debit = await findEntry(tx, ledgerKeys.questionDebit(request.questionId));
    if (!debit || debit.userId !== request.userId) {
      return { released: false, balance: await balanceOf(tx, request.userId) };
    }
    const result = await refundQuestion(tx, request.questionId, 'not_stored');
    return { released: Boolean(result?.refunded), balance: result?.balance ?? 0 };
  });
}
