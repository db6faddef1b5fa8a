import type { AuditQuery } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffActions, users } from './db/schema.js';

const actors = alias(users, 'actors');

/**
 * The audit log as admins read it: newest first, filtered by action, actor or the account acted
 * on, a page at a time, with how many lines match in all. A closed account's actions keep their
 * line but no longer name it.
 */
export async function readAuditLog(db: Executor, query: AuditQuery) {
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
  return {
    entries: rows.map(({ closedAt, occurredAt, actorUsername, ...row }) => ({
      ...row,
      occurredAt: occurredAt.toISOString(),
      actorUsername: closedAt ? null : actorUsername,
    })),
    total: total?.value ?? 0,
  };
}
