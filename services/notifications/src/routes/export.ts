import { NotificationsExport } from '@uapqa/contracts';
import { currentSession, defineRoute, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { NotificationsDeps } from '../deps.js';
import { readNotificationsExport } from '../export/notifications-export.js';

/** Everything notifications holds of the caller, for their data export. */
export function exportRoutes({ db }: NotificationsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/notifications/export',
      operationId: 'getNotificationsExport',
      summary: "Everything notifications holds of the caller (the export's notifications part)",
      description:
        'Every email sent, or waiting to be sent, to the caller (by account or by its address), and whether the address is on the newsletter. The gateway puts it in `GET /api/account/export`.',
      tag: 'notifications',
      access: SESSION,
      ok: { 200: response(NotificationsExport) },
    },
    async (c) => {
      const body = await readNotificationsExport(db, currentSession(c).userId);
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );
  return app;
}
