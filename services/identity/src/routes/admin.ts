import {
  BooleanSettingBody,
  CreatorApproved,
  createEvent,
  IDENTITY_STREAM,
  type IdentityUser,
  type Role,
  RoleChangeBody,
  SettingChanged,
  UserRoleChanged,
} from '@uapqa/contracts';
import {
  badRequest,
  conflict,
  currentSession,
  type Executor,
  enqueue,
  notFound,
  readJson,
  readParams,
  readQuery,
  requireRole,
} from '@uapqa/service-kit';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { creatorProfiles, settings, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { changeListing } from '../listing.js';
import { userColumns, WAITLIST_SETTING } from '../users.js';
import { IdParam } from './params.js';

const UserListQuery = z.object({
  role: z.enum(['user', 'expert', 'moderator', 'admin']).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const ApplicationsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});

/** Admin-only routes of identity (documented in services/identity/README.md). */
export function adminRoutes(deps: IdentityDeps): Hono {
  const { db, relay, sessions, creatorsBody } = deps;
  const app = new Hono();
  app.use('/api/admin/*', requireRole('admin'));

  app.post('/api/admin/settings/:key', async (c) => {
    const key = c.req.param('key');
    if (key !== WAITLIST_SETTING) throw notFound(`Unknown setting '${key}'.`);
    const { value } = await readJson(c, BooleanSettingBody);
    const { userId } = currentSession(c);
    const stored = String(value);
    await db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key, value: stored, updatedBy: userId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: stored, updatedBy: userId, updatedAt: new Date() },
        });
      await enqueue(tx, IDENTITY_STREAM, createEvent(SettingChanged, { key, value: stored }));
    });
    relay.kick();
    return c.json({ key, value: stored, waitlistEnabled: value });
  });

  app.get('/api/admin/users', async (c) => {
    const query = readQuery(c, UserListQuery);
    const filters: SQL[] = [];
    if (query.role) filters.push(eq(users.role, query.role));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      filters.push(or(ilike(users.username, pattern), ilike(users.email, pattern))!);
    }
    const rows = await db
      .select({ ...userColumns, createdAt: users.createdAt })
      .from(users)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(asc(users.id))
      .limit(query.limit)
      .offset(query.offset);
    return c.json(rows);
  });

  app.patch('/api/admin/users/:id/role', async (c) => {
    const { id } = readParams(c, IdParam);
    const { role } = await readJson(c, RoleChangeBody);
    if (id === currentSession(c).userId) throw badRequest('You cannot change your own role.', 'id');
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ role: users.role, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, id))
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
      if (before.role !== role) await enqueue(tx, IDENTITY_STREAM, roleChanged(user!, before.role));
      // Someone who is no longer an expert must not be offered to members or staff any more.
      // Giving the role back does not list them again on its own: an admin does, on purpose.
      const delisted =
        before.role === 'expert' && role !== 'expert'
          ? await changeListing(tx, id, false, 'demoted')
          : null;
      return { user: user!, delisted: delisted !== null };
    });
    if (!updated) throw notFound('No user with that id.');
    if (updated.delisted) creatorsBody.changed();
    relay.kick();
    // A token carries the role: end the user's sessions so no stale role stays in use.
    await sessions.revoke({ userId: id });
    return c.json(updated.user);
  });

  app.get('/api/admin/creator-profiles', async (c) => {
    const { status } = readQuery(c, ApplicationsQuery);
    const rows = await db
      .select({ profile: creatorProfiles, user: profileUser })
      .from(creatorProfiles)
      .innerJoin(users, eq(users.id, creatorProfiles.userId))
      .where(eq(creatorProfiles.status, status))
      .orderBy(asc(creatorProfiles.createdAt));
    return c.json(rows.map(({ profile, user }) => ({ ...profile, user })));
  });

  app.post('/api/admin/creator-profiles/:id/approve', async (c) => {
    const { id } = readParams(c, IdParam);
    const { userId: reviewer } = currentSession(c);
    const approved = await db.transaction(async (tx) => {
      const [profile] = await tx
        .update(creatorProfiles)
        .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: reviewer })
        .where(and(eq(creatorProfiles.id, id), eq(creatorProfiles.status, 'pending')))
        .returning();
      if (!profile) return null;
      const [user] = await tx
        .update(users)
        .set({ role: 'expert' })
        .where(and(eq(users.id, profile.userId), eq(users.role, 'user')))
        .returning(userColumns);
      if (!user)
        throw conflict('Only a member account can become an expert; staff accounts cannot.');
      await enqueue(tx, IDENTITY_STREAM, roleChanged(user, 'user'));
      await enqueue(
        tx,
        IDENTITY_STREAM,
        createEvent(CreatorApproved, {
          creatorId: profile.id,
          userId: user.id,
          brandName: profile.brandName,
          bio: profile.bio,
          firstName: user.firstName,
          lastName: user.lastName,
          questionsPerWeek: profile.questionsPerWeek,
        }),
      );
      return { profile, user };
    });
    if (!approved) throw await missingOrDecided(id);
    // Listed here at once; the other replicas renew their list once CreatorApproved is out.
    creatorsBody.changed();
    relay.kick();
    await sessions.revoke({ userId: approved.user.id });
    return c.json({ ...approved.profile, user: approved.user });
  });

  app.post('/api/admin/creator-profiles/:id/reject', async (c) => {
    const { id } = readParams(c, IdParam);
    const { userId: reviewer } = currentSession(c);
    const [profile] = await db
      .update(creatorProfiles)
      .set({ status: 'rejected', reviewedAt: new Date(), reviewedBy: reviewer })
      .where(and(eq(creatorProfiles.id, id), eq(creatorProfiles.status, 'pending')))
      .returning();
    if (!profile) throw await missingOrDecided(id);
    return c.json(profile);
  });

  /**
   * Delisting keeps an approved expert's profile and past answers but takes them off every list
   * members and staff choose from; listing again undoes it. Services hear of both through
   * CreatorListingChanged.
   */
  app.post('/api/admin/creator-profiles/:id/delist', async (c) => {
    const { id } = readParams(c, IdParam);
    const profile = await db.transaction(async (tx) => {
      const found = await approvedProfile(tx, id);
      if (!found.listed) throw conflict(`${found.name} is already delisted.`);
      await changeListing(tx, found.userId, false, 'delisted');
      return found;
    });
    creatorsBody.changed();
    relay.kick();
    return c.json(await profileRecord(profile.id));
  });

  app.post('/api/admin/creator-profiles/:id/relist', async (c) => {
    const { id } = readParams(c, IdParam);
    const profile = await db.transaction(async (tx) => {
      const found = await approvedProfile(tx, id);
      if (found.listed) throw conflict(`${found.name} is already listed.`);
      if (found.role !== 'expert') {
        throw conflict(
          `${found.name} is no longer an expert. Give them the expert role first, then list them again.`,
        );
      }
      await changeListing(tx, found.userId, true, 'relisted');
      return found;
    });
    creatorsBody.changed();
    relay.kick();
    return c.json(await profileRecord(profile.id));
  });

  /** An approved profile with its owner's role, locked for the listing change; else 404/409. */
  async function approvedProfile(tx: Executor, id: number) {
    const [row] = await tx
      .select({
        id: creatorProfiles.id,
        userId: creatorProfiles.userId,
        status: creatorProfiles.status,
        listed: creatorProfiles.listed,
        brandName: creatorProfiles.brandName,
        role: users.role,
      })
      .from(creatorProfiles)
      .innerJoin(users, eq(users.id, creatorProfiles.userId))
      .where(eq(creatorProfiles.id, id))
      .for('update');
    if (!row) throw notFound('No creator profile with that id.');
    if (row.status !== 'approved') {
      throw conflict(
        `Only an approved expert can be listed or delisted; this application is ${row.status}.`,
      );
    }
    return { ...row, name: row.brandName };
  }

  async function profileRecord(id: number) {
    const [row] = await db
      .select({ profile: creatorProfiles, user: profileUser })
      .from(creatorProfiles)
      .innerJoin(users, eq(users.id, creatorProfiles.userId))
      .where(eq(creatorProfiles.id, id));
    return { ...row!.profile, user: row!.user };
  }

  async function missingOrDecided(id: number) {
    const [existing] = await db
      .select({ status: creatorProfiles.status })
      .from(creatorProfiles)
      .where(eq(creatorProfiles.id, id));
    return existing
      ? conflict(`This application was already ${existing.status}.`)
      : notFound('No creator application with that id.');
  }

  return app;
}

const profileUser = {
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

function roleChanged(user: IdentityUser, previousRole: Role) {
  return createEvent(UserRoleChanged, {
    userId: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    previousRole,
  });
}
