import type { NotificationsExport } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { asc, eq, or } from 'drizzle-orm';
import { mailOutbox, newsletterSubscribers, users } from '../db/schema.js';

/**
 * Everything notifications holds of one member, for their data export: every email sent, or
 * waiting to be sent, to them (by account or by its address), and whether the address is on the
 * newsletter.
 */
export async function readNotificationsExport(
  db: Executor,
  userId: number,
): Promise<NotificationsExport> {
  const [person] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.userId, userId));
  const mine = person
    ? or(eq(mailOutbox.toUserId, userId), eq(mailOutbox.toEmail, person.email))
    : eq(mailOutbox.toUserId, userId);
  const emails = await db.select().from(mailOutbox).where(mine).orderBy(asc(mailOutbox.createdAt));
  const [subscribed] = person
    ? await db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, person.email))
    : [];
  return {
    emails: emails.map((row) => ({
      template: row.template,
      subject: row.subject,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    newsletter: subscribed !== undefined,
  };
}
