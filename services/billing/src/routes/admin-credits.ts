import { AdminCredits, CreditAdjustmentBody, IdParam } from '@uapqa/contracts';
import { currentSession, defineRoute, response, roles } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { adjustCredits, readAdminCredits } from '../admin-credits.js';
import type { BillingDeps } from '../deps.js';

/** A member's credits as an admin sees them, and the admin's grants and take-backs. */
export function adminCreditRoutes(deps: BillingDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/users/:id/credits',
      operationId: 'getUserCredits',
      summary: "A member's subscription, balance, latest ledger lines and paid payments",
      tag: 'billing',
      access: roles('admin'),
      params: IdParam,
      ok: { 200: response(AdminCredits) },
      errors: [404],
    },
    async (c, { params }) => c.json(await readAdminCredits(deps.db, params.id)),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/users/:id/credits',
      operationId: 'adjustUserCredits',
      summary: 'Grant credits to a member, or take some back, with a reason',
      description:
        'Appends a `staff_adjustment` ledger entry naming the admin and the reason. Taking back more than the balance is a 409: a balance never goes below zero.',
      tag: 'billing',
      access: roles('admin'),
      params: IdParam,
      body: CreditAdjustmentBody,
      ok: { 201: response(AdminCredits) },
      errors: [404, 409],
    },
    async (c, { params, body }) => {
      const { userId: adminId } = currentSession(c);
      return c.json(await adjustCredits(deps, { ...body, userId: params.id, adminId }), 201);
    },
  );

  return app;
}
