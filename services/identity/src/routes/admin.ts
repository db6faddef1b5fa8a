import {
  BooleanSettingBody,
  CreatorApproved,
  CreatorProfilesQuery,
  createEvent,
  IDENTITY_STREAM,
  IdParam,
  SettingChange,
  SettingChanged,
  StoredCreatorProfile,
} from '@uapqa/contracts';
import {
  answer,
  conflict,
  currentSession,
  notFound,
  readJson,
  readParams,
  readQuery,
  requireRole,
} from '@uapqa/service-kit';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, asc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { recordStaffAction } from '../audit.js';
import { creatorProfiles, settings, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { changeListing } from '../listing.js';
import { roleChanged, userColumns, WAITLIST_SETTING } from '../users.js';
import { adminDecisionDoc, adminDoc } from './admin-doc.js';
import { missingOrDecided } from './missing-or-decided.js';

/** Admin-only routes of identity (documented in services/identity/README.md). */
export function adminRoutes(deps: IdentityDeps): Hono {
  const { db, relay, sessions, creatorsBody } = deps;
  const app = new Hono();
  app.use('/api/admin/*', requireRole('admin'));

  app.post(
    '/api/admin/settings/:key',
    adminDoc({
      operationId: 'changeSetting',
      summary: 'Change a setting (only `waitlist_enabled` exists)',
      params: z.object({ key: z.string() }),
      body: BooleanSettingBody,
      ok: { 200: answer(SettingChange) },
      errors: [404],
    }),
    async (c) => {
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
        await recordStaffAction(tx, {
          actorId: userId,
          action: 'setting_changed',
          subjectUserId: null,
          subject: `${key} = ${stored}`,
          reason: null,
        });
      });
      relay.kick();
      return c.json({ key, value: stored, waitlistEnabled: value });
    },
  );

  app.get(
    '/api/admin/creator-profiles',
    adminDoc({
      operationId: 'listCreatorProfiles',
      summary: 'Expert profile applications by status',
      query: CreatorProfilesQuery,
      ok: { 200: answer(z.array(StoredCreatorProfile)) },
    }),
    async (c) => {
      const { status } = readQuery(c, CreatorProfilesQuery);
      const rows = await db
        .select({ profile: creatorProfiles, user: profileUser })
        .from(creatorProfiles)
        .innerJoin(users, eq(users.id, creatorProfiles.userId))
        .where(eq(creatorProfiles.status, status))
        .orderBy(asc(creatorProfiles.createdAt));
      return c.json(rows.map(({ profile, user }) => ({ ...profile, user })));
    },
  );

  app.post(
    '/api/admin/creator-profiles/:id/approve',
    adminDecisionDoc({
      operationId: 'approveCreatorProfile',
      summary: 'Approve an expert profile (the user becomes an expert)',
      ok: { 200: answer(StoredCreatorProfile) },
    }),
    async (c) => {
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
        await recordStaffAction(tx, {
          actorId: reviewer,
          action: 'expert_profile_approved',
          subjectUserId: user.id,
          subject: `expert profile ${profile.id} (${profile.brandName ?? user.username})`,
          reason: null,
        });
        return { profile, user };
      });
      if (!approved) throw await profileMissingOrDecided(id);
      // Listed here at once; the other replicas renew their list once CreatorApproved is out.
      creatorsBody.changed();
      relay.kick();
      await sessions.revoke({ userId: approved.user.id });
      return c.json({ ...approved.profile, user: approved.user });
    },
  );

  app.post(
    '/api/admin/creator-profiles/:id/reject',
    adminDecisionDoc({
      operationId: 'rejectCreatorProfile',
      summary: 'Reject an expert profile',
      ok: { 200: answer(StoredCreatorProfile.omit({ user: true })) },
    }),
    async (c) => {
      const { id } = readParams(c, IdParam);
      const { userId: reviewer } = currentSession(c);
      const profile = await db.transaction(async (tx) => {
        const [rejected] = await tx
          .update(creatorProfiles)
          .set({ status: 'rejected', reviewedAt: new Date(), reviewedBy: reviewer })
          .where(and(eq(creatorProfiles.id, id), eq(creatorProfiles.status, 'pending')))
          .returning();
        if (!rejected) return null;
        await recordStaffAction(tx, {
          actorId: reviewer,
          action: 'expert_profile_rejected',
          subjectUserId: rejected.userId,
          subject: `expert profile ${rejected.id} (${rejected.brandName ?? 'no brand name'})`,
          reason: null,
        });
        return rejected;
      });
      if (!profile) throw await profileMissingOrDecided(id);
      return c.json(profile);
    },
  );

  /**
   * Delisting keeps an approved expert's profile and past answers but takes them off every list
   * members and staff choose from; listing again undoes it. Services hear of both through
   * CreatorListingChanged.
   */
  const setListed = (listed: boolean) => async (c: Context) => {
    const { id } = readParams(c, IdParam);
    const { userId: adminId } = currentSession(c);
    const profile = await db.transaction(async (tx) => {
      const found = await approvedProfile(tx, id);
      if (found.listed === listed) {
        throw conflict(`${found.name} is already ${listed ? 'listed' : 'delisted'}.`);
      }
      if (listed && found.role !== 'expert') {
        throw conflict(
          `${found.name} is no longer an expert. Give them the expert role first, then list them again.`,
        );
      }
      await changeListing(tx, found.userId, listed, listed ? 'relisted' : 'delisted');
      await recordStaffAction(tx, {
        actorId: adminId,
        action: listed ? 'expert_listed' : 'expert_delisted',
        subjectUserId: found.userId,
        subject: `expert ${found.name ?? found.userId}`,
        reason: null,
      });
      return found;
    });
    creatorsBody.changed();
    relay.kick();
    return c.json(await profileRecord(profile.id));
  };

  app.post(
    '/api/admin/creator-profiles/:id/delist',
    adminDecisionDoc({
      operationId: 'delistCreator',
      summary:
        'Take an approved expert off the lists members and staff choose from (their answers stay); their approved, unanswered questions are refunded',
      ok: { 200: answer(StoredCreatorProfile) },
    }),
    setListed(false),
  );

  app.post(
    '/api/admin/creator-profiles/:id/relist',
    adminDecisionDoc({
      operationId: 'relistCreator',
      summary: 'List a delisted expert again (they must hold the expert role)',
      ok: { 200: answer(StoredCreatorProfile) },
    }),
    setListed(true),
  );

  const profileMissingOrDecided = (id: number) =>
    missingOrDecided(db, creatorProfiles, id, 'No creator application with that id.');

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

  return app;
}

const profileUser = {
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
