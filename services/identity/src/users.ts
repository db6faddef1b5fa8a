import { createEvent, type IdentityUser, type Role, UserRoleChanged } from '@uapqa/contracts';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import { sessions, settings, users } from './db/schema.js';

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

/**
 * A user row as identity announces the account to the other services (UserRegistered,
 * UserRoleChanged): who to mail, how to name them, what they may do.
 */
export function announcedAccount(user: {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}) {
  const { id, username, email, firstName, lastName, role } = user;
  return { userId: id, username, email, firstName, lastName, role };
}

function prepareLiveSessionUser(db: Executor) {
  const live = db
    .select({ one: sql`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, users.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    );
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), exists(live)))
    .prepare('live_session_user');
}

/**
 * The member a session token names, only while identity's own row of that session is live (not
 * revoked, not expired): identity owns sessions, so it checks the row, not only the token. One
 * prepared statement, since every page load asks who the member is.
 */
export async function findLiveSessionUser(
  db: Executor,
  session: { userId: number; sessionId: string },
  now = new Date(),
): Promise<IdentityUser | null> {
  const [user] = await preparedOnce(db, 'live_session_user', () =>
    prepareLiveSessionUser(db),
  ).execute({ userId: session.userId, sessionId: session.sessionId, now: now.toISOString() });
  return user ?? null;
}

/** Login accepts the username (any case) or the email address. */
export async function findUserForLogin(db: Executor, login: string) {
  const [user] = await db
    .select({
      ...userColumns,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or ${users.email} = lower(${login})`)
    .limit(1);
  return user ?? null;
}

export const WAITLIST_SETTING = 'waitlist_enabled';

export async function waitlistEnabled(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WAITLIST_SETTING));
  return row?.value === 'true';
}

/** The event of a role change, carrying the whole account like UserRegistered. */
export function roleChanged(user: Parameters<typeof announcedAccount>[0], previousRole: Role) {
  return createEvent(UserRoleChanged, { ...announcedAccount(user), previousRole });
}
