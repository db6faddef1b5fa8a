import type { AdminUser } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, isNull, max, type SQL } from 'drizzle-orm';
import { memberSubscriptions, sessions, users } from './db/schema.js';
import { userColumns } from './users.js';

/** A user as the admin's user management shows it (see `AdminUser`). */
const adminUserColumns = {
  ...userColumns,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
};

type AdminUserRow = {
  [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K extends 'id' ? 'id' : K];
} & { lastSignInAt: Date | null; subscriptionActive: boolean | null };

export function adminUser(row: AdminUserRow): AdminUser {
  const { emailVerifiedAt, createdAt, suspendedAt, lastSignInAt, subscriptionActive, ...rest } =
    row;
  return {
    ...rest,
    subscriptionActive: subscriptionActive === true,
    createdAt: createdAt.toISOString(),
    emailConfirmed: emailVerifiedAt !== null,
    lastSignInAt: lastSignInAt?.toISOString() ?? null,
    suspendedAt: suspendedAt?.toISOString() ?? null,
  };
}

/**
 * The accounts matching `where` (never a closed one: it is nobody's any more), with their last
 * sign-in and whether they are subscribed.
 */
export function selectAdminUsers(db: Executor, where: SQL[]) {
  return db
    .select({
      ...adminUserColumns,
      lastSignInAt: max(sessions.createdAt),
      subscriptionActive: memberSubscriptions.active,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .leftJoin(memberSubscriptions, eq(memberSubscriptions.userId, users.id))
    .where(and(isNull(users.closedAt), ...where))
    .groupBy(users.id, memberSubscriptions.active);
}
