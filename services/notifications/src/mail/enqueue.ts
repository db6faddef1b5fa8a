import { EMAIL_KIND_INFO } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { closedAccounts, mailOutbox } from '../db/schema.js';
import { kindsSwitchedOff } from '../preferences/store.js';
import { RECIPIENT_UNKNOWN } from './compose.js';
import { TEMPLATE_KINDS } from './kinds.js';
import type { MailData, MailTemplate } from './templates/index.js';

/** A message to send: to an address, or to a user whose address is looked up at delivery. */
export interface MailRequest<T extends MailTemplate = MailTemplate> {
  /** Unique per message: a second request with the same key is dropped. */
  dedupeKey: string;
  template: T;
  to: { userId: number } | { email: string };
  data: MailData[T];
  /** Decided not to send (a limit): the row is kept as `skipped`, with this as its reason. */
  skip?: string;
}

export function mail<T extends MailTemplate>(
  template: T,
  dedupeKey: string,
  to: MailRequest<T>['to'],
  data: MailData[T],
): MailRequest<T> {
  return { template, dedupeKey, to, data };
}

/**
 * Writes messages in the caller's transaction: they exist if and only if what caused them does.
 * A message of a kind its recipient switched off is written too, as `skipped` with the reason,
 * so the outbox shows why nothing was sent. Returns how many were new (a repeated dedupe key
 * adds nothing), skipped ones included.
 */
export async function enqueueMail(tx: Executor, ...requested: MailRequest[]): Promise<number> {
  const mails = await withoutClosedAccounts(tx, requested);
  if (mails.length === 0) return 0;
  const members = mails.flatMap((each) => ('userId' in each.to ? [each.to.userId] : []));
  const off = await kindsSwitchedOff(tx, [...new Set(members)]);
  const skipReason = (each: MailRequest): string | null => {
    if (each.skip) return each.skip;
    const kind = TEMPLATE_KINDS[each.template];
    if (!('userId' in each.to) || !off.get(each.to.userId)?.has(kind)) return null;
    return `the recipient switched off ${EMAIL_KIND_INFO[kind].label.toLowerCase()} emails`;
  };
  const inserted = await tx
    .insert(mailOutbox)
    .values(
      mails.map((each) => {
        const skip = skipReason(each);
        return {
          dedupeKey: each.dedupeKey,
          template: each.template,
          toUserId: 'userId' in each.to ? each.to.userId : null,
          toEmail: 'email' in each.to ? each.to.email : null,
          data: each.data as Record<string, unknown>,
          ...(skip ? { status: 'skipped' as const, skipReason: skip } : {}),
        };
      }),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length;
}

/** Drops messages to accounts closed by their owner: nothing is mailed to them any more. */
async function withoutClosedAccounts(tx: Executor, mails: MailRequest[]): Promise<MailRequest[]> {
  const ids = mails.flatMap((each) => ('userId' in each.to ? [each.to.userId] : []));
  if (ids.length === 0) return mails;
  const closed = await tx
    .select({ userId: closedAccounts.userId })
    .from(closedAccounts)
    .where(inArray(closedAccounts.userId, ids));
  if (closed.length === 0) return mails;
  const gone = new Set(closed.map((row) => row.userId));
  return mails.filter((each) => !('userId' in each.to && gone.has(each.to.userId)));
}

/** Makes a user's waiting messages due now (their address just became known). */
export async function wakeMailFor(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.toUserId, userId),
        eq(mailOutbox.status, 'pending'),
        like(mailOutbox.lastError, `${RECIPIENT_UNKNOWN}%`),
      ),
    );
}
