import { CLOSED_ACCOUNT_HOLD_DAYS } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { eq, or } from 'drizzle-orm';
import {
  closedAccounts,
  contactMessages,
  emailPreferences,
  experts,
  mailOutbox,
  newsletterSubscribers,
  questions,
  users,
  waitlist,
} from './db/schema.js';
import { enqueueMail, mail } from './mail/enqueue.js';

/**
 * A member closed their account. Everything kept about them here goes: their copy in `users`
 * and `creators`, the questions copy, their email preferences, newsletter and waitlist entries and contact messages of
 * the address, and the log of mail to them, queued mail included (so none of it is sent). Then
 * the one confirmation is queued to the address, a security message: it may go although
 * nothing else will. The id is recorded as closed, so mail caused later by events about them
 * (an answer to a question they asked) is never queued. Safe to run twice: the confirmation's
 * key is the account's, and the second run finds nothing else.
 */
export async function forgetMember(
  tx: Executor,
  closed: { userId: number; email: string; firstName: string | null; closedAt: string },
): Promise<void> {
  const { userId, email } = closed;
  const [already] = await tx
    .insert(closedAccounts)
    .values({ userId, closedAt: new Date(closed.closedAt) })
    .onConflictDoNothing()
    .returning({ userId: closedAccounts.userId });
  if (!already) return;
  await tx
    .delete(mailOutbox)
    .where(or(eq(mailOutbox.toUserId, userId), eq(mailOutbox.toEmail, email)));
  await tx.delete(users).where(eq(users.userId, userId));
  await tx.delete(experts).where(eq(experts.userId, userId));
  await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  await tx.delete(questions).where(eq(questions.askerId, userId));
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  await tx.delete(waitlist).where(eq(waitlist.email, email));
  await tx.delete(contactMessages).where(eq(contactMessages.email, email));
  await enqueueMail(
    tx,
    mail(
      'account_closed',
      `account_closed:${userId}`,
      { email },
      { firstName: closed.firstName, heldDays: CLOSED_ACCOUNT_HOLD_DAYS },
    ),
  );
}
