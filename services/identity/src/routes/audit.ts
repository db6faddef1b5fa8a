import { AuditEntry, AuditQuery } from '@uapqa/contracts';
import { defineRoute, HEADERS, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import { readAuditLog } from '../audit-log.js';
import type { IdentityDeps } from '../deps.js';
import { asAdmin } from './admin-route.js';

/** The audit log, for admins. Read-only: no route changes or deletes a line. */
export function auditRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/audit',
      ...asAdmin,
      operationId: 'readAuditLog',
      summary: 'The staff actions, each once: who, when, what, on whom and why',
      query: AuditQuery,
      ok: { 200: { ...response(z.array(AuditEntry)), headers: HEADERS.totalCount } },
    },
    async (c, { query }) => {
      const { entries, total } = await readAuditLog(db, query);
      c.header('X-Total-Count', String(total));
      return c.json(entries);
    },
  );
  return app;
}
