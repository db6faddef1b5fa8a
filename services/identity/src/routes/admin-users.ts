import {
  AdminUser,
  IdParam,
  MessageAnswer,
  RoleChangeBody,
  SuspensionBody,
  UserListQuery,
} from '@uapqa/contracts';
import {
  conflict,
  currentSession,
  defineRoute,
  HEADERS,
  notFound,
  response,
} from '@uapqa/service-kit';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { requestVerification } from '../email-verification.js';
import { changeRole, changeSuspension, listUsers, readAdminUser } from '../user-management.js';
import { asAdmin } from './admin-route.js';

/** User management for admins: find accounts, change their role, suspend them. */
export function adminUserRoutes(deps: IdentityDeps): Hono {
  const { db, relay } = deps;
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/users',
      ...asAdmin,
      operationId: 'listUsers',
      summary: 'Find users by name, username or email, role, subscription and suspension',
      query: UserListQuery,
      ok: { 200: { ...response(z.array(AdminUser)), headers: HEADERS.totalCount } },
    },
    async (c, { query }) => {
      const { users: found, total } = await listUsers(db, query);
      c.header('X-Total-Count', String(total));
      return c.json(found);
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/users/:id',
      ...asAdmin,
      operationId: 'getUser',
      summary: "A user's account as user management shows it",
      params: IdParam,
      ok: { 200: response(AdminUser) },
      errors: [404],
    },
    async (c, { params: { id } }) => c.json(await readAdminUser(db, id)),
  );

  defineRoute(
    app,
    {
      method: 'patch',
      path: '/api/admin/users/:id/role',
      ...asAdmin,
      operationId: 'changeUserRole',
      summary: "Change a user's role, with a reason (ends that user's sessions)",
      params: IdParam,
      body: RoleChangeBody,
      ok: { 200: response(AdminUser) },
      errors: [404],
    },
    async (c, { params: { id }, body }) => {
      const adminId = currentSession(c).userId;
      return c.json(await changeRole(deps, { ...body, id, adminId }));
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/users/:id/suspension',
      ...asAdmin,
      operationId: 'changeUserSuspension',
      summary: 'Suspend an account, or lift its suspension, with a reason',
      description:
        'A suspended account cannot sign in, its sessions end at once, and its subscription is not renewed (`UserSuspensionChanged`). The reason is kept and shown on the account. Not one\u2019s own account (400); 409 when it is already in the state asked for.',
      params: IdParam,
      body: SuspensionBody,
      ok: { 200: response(AdminUser) },
      errors: [404, 409],
    },
    async (c, { params: { id }, body }) => {
      const adminId = currentSession(c).userId;
      return c.json(await changeSuspension(deps, { ...body, id, adminId }));
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/users/:id/confirmation-link',
      ...asAdmin,
      operationId: 'resendConfirmationLink',
      summary: 'Mail a new confirmation link to an account that has not confirmed its address',
      description:
        'For a member who lost the link: the earlier links keep working until they expire. 409 once the address is confirmed.',
      params: IdParam,
      ok: { 202: response(MessageAnswer) },
      errors: [404, 409],
    },
    async (c, { params: { id } }) => {
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
