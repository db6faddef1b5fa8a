import { NotificationsExport } from '@uapqa/contracts';
import { answer, apiDoc, currentSession, requireSession, SESSION } from '@uapqa/service-kit';
import { asc, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { mailOutbox, newsletterSubscribers, users } from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';

/** Everything notifications holds of the caller, for their data export. */
export function exportRoutes({ db }: NotificationsDeps): Hono {
  const app = new Hono();
  app.get(
    '/api/notifications/export',
    apiDoc({
      operationId: 'getNotificationsExport',
      summary: "Everything notifications holds of the caller (the export's notifications part)",
      description:
        'Every email sent, or waiting to be sent, to the caller (by account or by its address), and whether the address is on the newsletter. The gateway puts it in `GET /api/account/export`.',
      tag: 'notifications',
      access: SESSION,
      ok: { 200: answer(NotificationsExport) },
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const [person] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.userId, userId));
      const mine = person
        ? or(eq(mailOutbox.toUserId, userId), eq(mailOutbox.toEmail, person.email))
        : eq(mailOutbox.toUserId, userId);
      const emails = await db
        .select()
        .from(mailOutbox)
        .where(mine)
        .orderBy(asc(mailOutbox.createdAt));
      const [subscribed] = person
        ? await db
            .select({ email: newsletterSubscribers.email })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.email, person.email))
        : [];
      const body: NotificationsExport = {
        emails: emails.map((row) => ({
          template: row.template,
          subject: row.subject,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        newsletter: subscribed !== undefined,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );
  return app;
}
