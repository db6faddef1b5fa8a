import {
  CreatorApproved,
  createEvent,
  type ExpertProfileApplication,
  type ExpertProfilesQuery,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import { conflict, notFound, uniqueViolation } from '@uapqa/service-kit';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordStaffAction } from './audit.js';
import { expertProfiles, users } from './db/schema.js';
import type { IdentityDeps } from './deps.js';
import { changeListing } from './listing.js';
import { missingOrDecided } from './missing-or-decided.js';
import { roleChanged, userColumns } from './users.js';

type Deps = Pick<IdentityDeps, 'db' | 'relay' | 'sessions' | 'expertsBody'>;

const profileUser = {
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Expert profile applications of one status, oldest first, each with its applicant. */
export async function listExpertProfiles(
  db: Executor,
  { status }: z.output<typeof ExpertProfilesQuery>,
) {
  const rows = await db
    .select({ profile: expertProfiles, user: profileUser })
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .where(eq(expertProfiles.status, status))
    .orderBy(asc(expertProfiles.createdAt));
  return rows.map(({ profile, user }) => ({ ...profile, user }));
}

async function profileRecord(db: Executor, id: number) {
  const [row] = await db
    .select({ profile: expertProfiles, user: profileUser })
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .where(eq(expertProfiles.id, id));
  return { ...row!.profile, user: row!.user };
}

const missingOrDecidedProfile = (db: Executor, id: number) =>
  missingOrDecided(db, expertProfiles, id, 'No expert application with that id.');

/**
 * Approves a pending expert profile: its member becomes an expert (their sessions end, as a
 * token carries the role) and is listed at once here; the other replicas and services follow
 * CreatorApproved.
 */
export async function approveExpertProfile(
  { db, relay, sessions, expertsBody }: Deps,
  id: number,
  reviewer: number,
) {
  const approved = await db.transaction(async (tx) => {
    const [profile] = await tx
      .update(expertProfiles)
      .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: reviewer })
      .where(and(eq(expertProfiles.id, id), eq(expertProfiles.status, 'pending')))
      .returning();
    if (!profile) return null;
    const [user] = await tx
      .update(users)
      .set({ role: 'expert' })
      .where(and(eq(users.id, profile.userId), eq(users.role, 'user')))
      .returning(userColumns);
    if (!user) throw conflict('Only a member account can become an expert; staff accounts cannot.');
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
  if (!approved) throw await missingOrDecidedProfile(db, id);
  // Listed here at once; the other replicas renew their list once CreatorApproved is out.
  expertsBody.changed();
  relay.kick();
  await sessions.revoke({ userId: approved.user.id });
  return { ...approved.profile, user: approved.user };
}

export async function rejectExpertProfile({ db }: Pick<Deps, 'db'>, id: number, reviewer: number) {
  const profile = await db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(expertProfiles)
      .set({ status: 'rejected', reviewedAt: new Date(), reviewedBy: reviewer })
      .where(and(eq(expertProfiles.id, id), eq(expertProfiles.status, 'pending')))
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
  if (!profile) throw await missingOrDecidedProfile(db, id);
  return profile;
}

/** An approved profile with its owner's role, locked for the listing change; else 404/409. */
async function approvedProfile(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: expertProfiles.id,
      userId: expertProfiles.userId,
      status: expertProfiles.status,
      listed: expertProfiles.listed,
      brandName: expertProfiles.brandName,
      role: users.role,
    })
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .where(eq(expertProfiles.id, id))
    .for('update');
  if (!row) throw notFound('No expert profile with that id.');
  if (row.status !== 'approved') {
    throw conflict(
      `Only an approved expert can be listed or delisted; this application is ${row.status}.`,
    );
  }
  return { ...row, name: row.brandName };
}

/**
 * Delisting keeps an approved expert's profile and past answers but takes them off every list
 * members and staff choose from; listing again undoes it. Services hear of both through
 * CreatorListingChanged.
 */
export async function setExpertListed(
  { db, relay, expertsBody }: Pick<Deps, 'db' | 'relay' | 'expertsBody'>,
  change: { id: number; listed: boolean; adminId: number },
) {
  const { listed, adminId } = change;
  const profile = await db.transaction(async (tx) => {
    const found = await approvedProfile(tx, change.id);
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
  expertsBody.changed();
  relay.kick();
  return profileRecord(db, profile.id);
}

/**
 * A member applies to become an expert: one application under review (or approved) at a time,
 * a 409 otherwise, also when two arrive at once (the database's unique index decides).
 */
export async function applyForExpertProfile(
  db: Executor,
  userId: number,
  application: ExpertProfileApplication,
): Promise<{ id: number; status: string }> {
  const [open] = await db
    .select({ status: expertProfiles.status })
    .from(expertProfiles)
    .where(
      and(
        eq(expertProfiles.userId, userId),
        inArray(expertProfiles.status, ['pending', 'approved']),
      ),
    );
  const refuse = (status: string) =>
    conflict(
      status === 'approved'
        ? 'You are already an approved expert.'
        : 'You already have an expert application under review.',
    );
  if (open) throw refuse(open.status);
  try {
    const [created] = await db
      .insert(expertProfiles)
      .values({ ...application, userId, status: 'pending' })
      .returning({ id: expertProfiles.id, status: expertProfiles.status });
    return created!;
  } catch (error) {
    if (uniqueViolation(error)) throw refuse('pending');
    throw error;
  }
}
