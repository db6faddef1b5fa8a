import {
  type AdminUser,
  createEvent,
  IDENTITY_STREAM,
  type Role,
  type UserListQuery,
  UserSuspensionChanged,
} from '@uapqa/contracts';
import { badRequest, conflict, notFound } from '@uapqa/service-kit';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import {
  and,
  asc,
  count,
  eq,
  exists,
  ilike,
  isNotNull,
  isNull,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { adminUser, selectAdminUsers } from './admin-users.js';
import { recordStaffAction } from './audit.js';
import { memberSubscriptions, users } from './db/schema.js';
import type { IdentityDeps } from './deps.js';
import { changeListing } from './listing.js';
import { roleChanged, userColumns } from './users.js';

type Deps = Pick<IdentityDeps, 'db' | 'relay' | 'sessions' | 'expertsBody'>;

/** The accounts matching the admin's filters, a page at a time, with how many match in all. */
export async function listUsers(
  db: Executor,
  query: UserListQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.suspended === 'true') filters.push(isNotNull(users.suspendedAt));
  if (query.suspended === 'false') filters.push(isNull(users.suspendedAt));
  if (query.subscription) {
    const subscribed = exists(
      db
        .select({ one: sql`1` })
        .from(memberSubscriptions)
        .where(and(eq(memberSubscriptions.userId, users.id), eq(memberSubscriptions.active, true))),
    );
    filters.push(query.subscription === 'active' ? subscribed : not(subscribed));
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
      )!,
    );
  }
  const [rows, [total]] = await Promise.all([
    selectAdminUsers(db, filters).orderBy(asc(users.id)).limit(query.limit).offset(query.offset),
    db
      .select({ value: count() })
      .from(users)
      .where(and(isNull(users.closedAt), ...filters)),
  ]);
  return { users: rows.map(adminUser), total: total?.value ?? 0 };
}

/** One account as user management shows it; 404 for none (or a closed one). */
export async function readAdminUser(db: Executor, id: number): Promise<AdminUser> {
  const [row] = await selectAdminUsers(db, [eq(users.id, id)]);
  if (!row) throw notFound('No user with that id.');
  return adminUser(row);
}

/**
 * An admin changes another account's role, with a reason. The account's sessions end (a token
 * carries the role); an expert who is no longer one is delisted. Not one's own account (400).
 */
export async function changeRole(
  { db, relay, sessions, expertsBody }: Deps,
  change: { id: number; role: Role; reason: string; adminId: number },
): Promise<AdminUser> {
  const { id, role, reason, adminId } = change;
  if (id === adminId) throw badRequest('You cannot change your own role.', 'id');
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.closedAt)))
      .for('update');
    if (!before) return null;
    // A role would announce the account to every service (and its mail) before its owner
    // proved the address is theirs.
    if (!before.emailVerifiedAt) {
      throw conflict(
        'This account has not confirmed its email address yet; its role can change once it has.',
      );
    }
    const [user] = await tx
      .update(users)
      .set({ role })
      .where(eq(users.id, id))
      .returning(userColumns);
    // Other services keep a copy of who is staff (notifications mails the admins).
    if (before.role !== role) {
      await enqueue(tx, IDENTITY_STREAM, roleChanged(user!, before.role));
      await recordStaffAction(tx, {
        actorId: adminId,
        action: 'role_changed',
        subjectUserId: id,
        subject: `${user!.username}: ${before.role} → ${role}`,
        reason,
      });
    }
    // Someone who is no longer an expert must not be offered to members or staff any more.
    // Giving the role back does not list them again on its own: an admin does, on purpose.
    const delisted =
      before.role === 'expert' && role !== 'expert'
        ? await changeListing(tx, id, false, 'demoted')
        : null;
    return { delisted: delisted !== null };
  });
  if (!updated) throw notFound('No user with that id.');
  if (updated.delisted) expertsBody.changed();
  relay.kick();
  // A token carries the role: end the user's sessions so no stale role stays in use.
  await sessions.revoke({ userId: id });
  return readAdminUser(db, id);
}

/**
 * An admin suspends an account, or lifts its suspension, with a reason: a suspended account
 * cannot sign in and its sessions end at once. 409 when it is already so; not one's own (400).
 */
export async function changeSuspension(
  { db, relay, sessions }: Pick<Deps, 'db' | 'relay' | 'sessions'>,
  change: { id: number; suspended: boolean; reason: string; adminId: number },
): Promise<AdminUser> {
  const { id, suspended, reason, adminId } = change;
  if (id === adminId) throw badRequest('You cannot suspend your own account.', 'id');
  const found = await db.transaction(async (tx) => {
    // Locks the row: a sign-in starting now waits for this and then sees the suspension.
    const [before] = await tx
      .select({ suspendedAt: users.suspendedAt, username: users.username })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.closedAt)))
      .for('update');
    if (!before) return false;
    if ((before.suspendedAt !== null) === suspended) {
      throw conflict(
        suspended ? 'This account is already suspended.' : 'This account is not suspended.',
      );
    }
    await tx
      .update(users)
      .set(
        suspended
          ? { suspendedAt: new Date(), suspensionReason: reason }
          : { suspendedAt: null, suspensionReason: null },
      )
      .where(eq(users.id, id));
    if (suspended) await sessions.revokeWithin(tx, { userId: id });
    await recordStaffAction(tx, {
      actorId: adminId,
      action: suspended ? 'account_suspended' : 'account_reinstated',
      subjectUserId: id,
      subject: before.username,
      reason,
    });
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(UserSuspensionChanged, { userId: id, suspended, reason, changedBy: adminId }),
    );
    return true;
  });
  if (!found) throw notFound('No user with that id.');
  relay.kick();
  return readAdminUser(db, id);
}
