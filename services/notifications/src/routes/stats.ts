import { NotificationsStats } from '@uapqa/contracts';
import { defineRoute, response, roles } from '@uapqa/service-kit';
import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  contactMessages,
  MAIL_STATUSES,
  mailOutbox,
  newsletterSubscribers,
  waitlist,
} from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';

/** Admins: how many joined each list, and how the mail outbox is doing (failed = given up). */
export function statsRoutes({ db }: NotificationsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/notifications/stats',
      operationId: 'getNotificationsStats',
      summary: 'Waitlist, newsletter, contact and mail outbox figures',
      tag: 'notifications',
      access: roles('admin'),
      ok: { 200: response(NotificationsStats) },
    },
    async (c) => {
      const total = async (table: typeof waitlist | typeof contactMessages) =>
        (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
      const byStatus = await db
        .select({ status: mailOutbox.status, n: count() })
        .from(mailOutbox)
        .groupBy(mailOutbox.status);
      const mail = Object.fromEntries(
        MAIL_STATUSES.map((status) => [status, 0]),
      ) as NotificationsStats['mail'];
      for (const row of byStatus) mail[row.status] = row.n;
      const stats: NotificationsStats = {
        waitlist: await total(waitlist),
        newsletter:
          (
            await db
              .select({ n: count() })
              .from(newsletterSubscribers)
              .where(eq(newsletterSubscribers.status, 'subscribed'))
          )[0]?.n ?? 0,
        contactMessages: await total(contactMessages),
        mail,
      };
      return c.json(stats);
    },
  );
  return app;
}
