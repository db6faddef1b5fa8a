import { PaymentReport } from '@uapqa/contracts';
import { defineRoute, response, roles } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { BillingDeps } from '../deps.js';
import { readPaymentReport } from '../reports.js';

/** The admins' payment report. */
export function reportRoutes({ db }: BillingDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/reports/payments',
      operationId: 'readPaymentReport',
      summary: 'Revenue, credits and subscribers by month, and what each expert earned',
      description:
        'The last 12 months (UTC), each a sum of settled payments and ledger entries by kind, and per expert the fees earned, due and paid, with the next payout day.',
      tag: 'billing',
      access: roles('admin'),
      ok: { 200: response(PaymentReport) },
    },
    async (c) => c.json(await readPaymentReport(db, new Date())),
  );
  return app;
}
