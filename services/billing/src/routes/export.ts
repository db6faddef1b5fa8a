import { BillingExport } from '@uapqa/contracts';
import { currentSession, defineRoute, response, roles, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import { readBillingExport } from '../billing-export.js';
import type { BillingDeps } from '../deps.js';

const UserIdParam = z.object({
  userId: z.coerce
    .number({ error: 'userId must be a number' })
    .int('userId must be a whole number')
    .positive('userId must be positive'),
});

/** Everything billing holds of the caller, for their data export; and, for admins, of anyone. */
export function exportRoutes({ db }: BillingDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/export',
      operationId: 'getBillingExport',
      summary: "Everything billing holds of the caller (the export's billing part)",
      description:
        'The subscription, every credit ledger entry and every payment. The gateway puts it in `GET /api/account/export`.',
      tag: 'billing',
      access: SESSION,
      ok: { 200: response(BillingExport) },
    },
    async (c) => c.json(await readBillingExport(db, currentSession(c).userId)),
  );
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/accounts/:userId',
      operationId: 'getBillingRecordsOfUser',
      summary: "A user's billing records, for support and the tax records",
      description:
        "The same as the export's billing part, for any user id, closed accounts included: receipts are kept after an account is closed (by the bare id), as tax law requires.",
      tag: 'billing',
      access: roles('admin'),
      params: UserIdParam,
      ok: { 200: response(BillingExport) },
    },
    async (c, { params }) => c.json(await readBillingExport(db, params.userId)),
  );
  return app;
}
