import {
  AdminUser,
  createEvent,
  IDENTITY_STREAM,
  IdParam,
  MessageAnswer,
  RoleChangeBody,
  SuspensionBody,
  UserListQuery,
  UserSuspensionChanged,
} from '@uapqa/contracts';
import {
  answer,
  badRequest,
  conflict,
  currentSession,
  HEADERS,
  notFound,
  readJson,
  readParams,
  readQuery,
  requireRole,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
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
import { Hono } from 'hono';
import { z } from 'zod';
import { adminUser, selectAdminUsers } from '../admin-users.js';
import { recordStaffAction } from '../audit.js';
import { memberSubscriptions, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { requestVerification } from '../email-verification.js';
import { changeListing } from '../listing.js';
import { roleChanged, userColumns } from '../users.js';
import { adminDoc } from './admin-doc.js';

/** User management for admins: find accounts, change their role, suspend them. */
export function adminUserRoutes(deps: IdentityDeps): Hono {
  const { db, relay, sessions: sessionStore, creatorsBody } = deps;
  const app = new Hono();
  app.use('/api/admin/users', requireRole('admin'));
  app.use('/api/admin/users/*', requireRole('admin'));

  app.get(
    '/api/admin/users',
    adminDoc({
      operationId: 'listUsers',
      summary: 'Find users by name, username or email, role, subscription and suspension',
      query: UserListQuery,
      ok: { 200: { ...answer(z.array(AdminUser)), headers: HEADERS.totalCount } },
    }),
    async (c) => {
      const query = readQuery(c, UserListQuery);
      const filters: SQL[] = [];
      if (query.role) filters.push(eq(users.role, query.role));
      if (query.suspended === 'true') filters.push(isNotNull(users.suspendedAt));
      if (query.suspended === 'false') filters.push(isNull(users.suspendedAt));
      if (query.subscription) {
        const subscribed = exists(
          db
            .select({ one: sql`1` })
            .from(memberSubscriptions)
            .where(
              and(eq(memberSubscriptions.userId, users.id), eq(memberSubscriptions.active, true)),
            ),
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
        selectAdminUsers(db, filters)
          .orderBy(asc(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(users)
          .where(and(isNull(users.closedAt), ...filters)),
      ]);
      c.header('X-Total-Count', String(total?.value ?? 0));
      return c.json(rows.map(adminUser));
    },
  );

  app.get(
    '/api/admin/users/:id',
    adminDoc({
      operationId: 'getUser',
      summary: "A user's account as user management shows it",
      params: IdParam,
      ok: { 200: answer(AdminUser) },
      errors: [404],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const [row] = await selectAdminUsers(db, [eq(users.id, id)]);
      if (!row) throw notFound('No user with that id.');
      return c.json(adminUser(row));
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    adminDoc({
      operationId: 'changeUserRole',
      summary: "Change a user's role, with a reason (ends that user's sessions)",
      params: IdParam,
      body: RoleChangeBody,
      ok: { 200: answer(AdminUser) },
      errors: [404],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const { role, reason } = await readJson(c, RoleChangeBody);
      const { userId: adminId } = currentSession(c);
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
      if (updated.delisted) creatorsBody.changed();
      relay.kick();
      // A token carries the role: end the user's sessions so no stale role stays in use.
      await sessionStore.revoke({ userId: id });
      const [row] = await selectAdminUsers(db, [eq(users.id, id)]);
      return c.json(adminUser(row!));
    },
  );

  app.post(
    '/api/admin/users/:id/suspension',
    adminDoc({
      operationId: 'changeUserSuspension',
      summary: 'Suspend an account, or lift its suspension, with a reason',
      description:
        'A suspended account cannot sign in, its sessions end at once, and its subscription is not renewed (`UserSuspensionChanged`). The reason is kept and shown on the account. Not one\u2019s own account (400); 409 when it is already in the state asked for.',
      params: IdParam,
      body: SuspensionBody,
      ok: { 200: answer(AdminUser) },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const { suspended, reason } = await readJson(c, SuspensionBody);
      const { userId: adminId } = currentSession(c);
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
        if (suspended) await sessionStore.revokeWithin(tx, { userId: id });
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
      const [row] = await selectAdminUsers(db, [eq(users.id, id)]);
      return c.json(adminUser(row!));
    },
  );

  app.post(
    '/api/admin/users/:id/confirmation-link',
    adminDoc({
      operationId: 'resendConfirmationLink',
      summary: 'Mail a new confirmation link to an account that has not confirmed its address',
      description:
        'For a member who lost the link: the earlier links keep working until they expire. 409 once the address is confirmed.',
      params: IdParam,
      ok: { 202: answer(MessageAnswer) },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const [user] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.closedAt)));
      if (!user) throw notFound('No user with that id.');
      if (user.emailVerifiedAt) throw conflict('This account has already confirmed its address.');
      await db.transaction((tx) => requestVerification(tx, user));
      relay.kick();
      return c.json({ message: `A new confirmation link is on its way to ${user.email}.` }, 202);
    },
  );

  return app;
}
