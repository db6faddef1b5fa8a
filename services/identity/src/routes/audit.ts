import { AuditEntry, AuditQuery } from '@uapqa/contracts';
import { answer, HEADERS, readQuery, requireRole } from '@uapqa/service-kit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { z } from 'zod';
import { staffActions, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { adminDoc } from './admin-doc.js';

const actors = alias(users, 'actors');

/**
 * The audit log, for admins: newest first, filtered by action, actor or the account acted on.
 * Read-only: no route changes or deletes a line.
 */
export function auditRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();
  app.get(
    '/api/admin/audit',
    requireRole('admin'),
    adminDoc({
      operationId: 'readAuditLog',
      summary: 'The staff actions, each once: who, when, what, on whom and why',
      query: AuditQuery,
      ok: { 200: { ...answer(z.array(AuditEntry)), headers: HEADERS.totalCount } },
    }),
    async (c) => {
      const query = readQuery(c, AuditQuery);
      const filters: SQL[] = [];
      if (query.action) filters.push(eq(staffActions.action, query.action));
      if (query.actorId) filters.push(eq(staffActions.actorId, query.actorId));
      if (query.subjectUserId) filters.push(eq(staffActions.subjectUserId, query.subjectUserId));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: staffActions.id,
            occurredAt: staffActions.occurredAt,
            actorId: staffActions.actorId,
            actorUsername: actors.username,
            action: staffActions.action,
            subjectUserId: staffActions.subjectUserId,
            subject: staffActions.subject,
            reason: staffActions.reason,
            closedAt: actors.closedAt,
          })
          .from(staffActions)
          .leftJoin(actors, eq(actors.id, staffActions.actorId))
          .where(where)
          .orderBy(desc(staffActions.occurredAt), desc(staffActions.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(staffActions).where(where),
      ]);
      c.header('X-Total-Count', String(total?.value ?? 0));
      return c.json(
        rows.map(({ closedAt, occurredAt, actorUsername, ...row }) => ({
          ...row,
          occurredAt: occurredAt.toISOString(),
          actorUsername: closedAt ? null : actorUsername,
        })),
      );
    },
  );
  return app;
}
