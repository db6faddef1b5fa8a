import {
  CreatorApproved,
  createEvent,
  IDENTITY_STREAM,
  type Role,
  UserRegistered,
} from '@uapqa/contracts';
import type { Logger } from '@uapqa/service-kit';
import { type Database, enqueue } from '@uapqa/service-kit/db';
import { count, sql } from 'drizzle-orm';
import { expertProfiles, users } from './db/schema.js';
import { hashPassword } from './passwords.js';
import { announcedAccount } from './users.js';

interface DemoAccount {
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  profile?: {
    brandName: string;
    /** Shown under the name; its colour is dark enough for the white initials (4.5:1 and more). */
    title: string;
    avatarColor: string;
    credentials: string;
    bio: string;
    expertise: string;
    questionsPerWeek: number;
  };
}

/** The demo staff, a member and the archive's five experts, under fictional names. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'admin', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  { username: 'moderator', firstName: 'Morgan', lastName: 'Moderator', role: 'moderator' },
  { username: 'member', firstName: 'Max', lastName: 'Member', role: 'user' },
  {
    username: 'dana',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'expert',
    profile: {
      brandName: 'Dana Whitfield',
      title: 'Investigative Journalist & UAP Researcher',
      avatarColor: '#0369a1',
      credentials: 'Investigative journalist and UAP researcher',
      bio: 'Investigative journalist who has spent fifteen years filing records requests on unidentified aerial phenomena and interviewing military witnesses.',
      expertise: 'Government records, FOIA, military encounters',
      questionsPerWeek: 5,
    },
  },
  {
    username: 'marcus',
    firstName: 'Marcus',
    lastName: 'Reyes',
    role: 'expert',
    profile: {
      brandName: 'Marcus Reyes',
      title: 'Documentary Filmmaker & UFO Investigator',
      avatarColor: '#7c3aed',
      credentials: 'Documentary filmmaker and UFO investigator',
      bio: 'Documentary filmmaker whose field investigations have followed sighting waves across three continents, with a focus on corroborated footage.',
      expertise: 'Video analysis, field investigation, witness interviews',
      questionsPerWeek: 4,
    },
  },
  {
    username: 'theo',
    firstName: 'Theo',
    lastName: 'Lark',
    role: 'expert',
    profile: {
      brandName: 'Theo Lark',
      title: 'Magician & Mystery Investigator',
      avatarColor: '#b45309',
      credentials: 'Magician and mystery investigator',
      bio: 'Stage magician turned investigator who examines extraordinary claims for misdirection, hoaxes and honest perceptual errors.',
      expertise: 'Perception, deception, hoax detection',
      questionsPerWeek: 3,
    },
  },
  {
    username: 'evelyn',
    firstName: 'Evelyn',
    lastName: 'Hart',
    role: 'expert',
    profile: {
      brandName: 'Evelyn Hart',
      title: 'UFO Historian & Author',
      avatarColor: '#047857',
      credentials: 'UFO historian and author',
      bio: 'Historian and author of four books on the history of UFO research, from the foo fighters of 1944 to the modern congressional hearings.',
      expertise: 'History of ufology, archives, Project Blue Book',
      questionsPerWeek: 3,
    },
  },
  {
    username: 'graham',
    firstName: 'Graham',
    lastName: 'Sutter',
    role: 'expert',
    profile: {
      brandName: 'Graham Sutter',
      title: 'Emmy-Winning Investigative Reporter',
      avatarColor: '#dc2626',
      credentials: 'Emmy-winning investigative reporter',
      bio: 'Emmy-winning investigative reporter who broke several stories on classified aerospace programmes and the officials who oversaw them.',
      expertise: 'Aerospace programmes, whistleblowers, disclosure policy',
      questionsPerWeek: 2,
    },
  },
];

const DEMO_EMAIL_DOMAIN = 'demo.uapqa.local';

/**
 * Embedded mode's demo accounts, created only when identity's database has no user at all.
 * Their events go through the outbox like any other, so the other services learn of them.
 */
export async function seedDemo(db: Database, password: string, logger: Logger): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity-seed'))`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          username: account.username,
          email: `${account.username}@${DEMO_EMAIL_DOMAIN}`,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          // The demo domain receives no mail: these accounts are usable as they are.
          emailVerifiedAt: new Date(),
        })
        .returning();
      const created = user!;
      await enqueue(tx, IDENTITY_STREAM, createEvent(UserRegistered, announcedAccount(created)));
      if (!account.profile) continue;
      const [profile] = await tx
        .insert(expertProfiles)
        .values({
          userId: created.id,
          brandName: account.profile.brandName,
          bio: account.profile.bio,
          credentials: account.profile.credentials,
          title: account.profile.title,
          avatarColor: account.profile.avatarColor,
          expertise: account.profile.expertise,
          experienceYears: 15,
          questionsPerWeek: account.profile.questionsPerWeek,
          weeklyRate: 0,
          status: 'approved',
          reviewedAt: new Date(),
        })
        .returning();
      await enqueue(
        tx,
        IDENTITY_STREAM,
        createEvent(CreatorApproved, {
          creatorId: profile!.id,
          userId: created.id,
          brandName: profile!.brandName,
          bio: profile!.bio,
          firstName: created.firstName,
          lastName: created.lastName,
          questionsPerWeek: profile!.questionsPerWeek,
        }),
      );
    }
    return true;
  });
  if (seeded)
    logger.info({ accounts: DEMO_ACCOUNTS.map((a) => a.username) }, 'demo accounts created');
  return seeded;
}

/** Distributed mode's first admin, from ADMIN_USERNAME/ADMIN_PASSWORD; left alone if it exists. */
export async function ensureAdmin(
  db: Database,
  admin: { username: string; password: string; email?: string | undefined },
  logger: Logger,
): Promise<void> {
  // Announced like a registration, so the other services know the admin (notifications mails
  // the admins when an expert application arrives).
  const passwordHash = await hashPassword(admin.password);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: admin.username,
        email: (admin.email ?? `${admin.username}@localhost`).toLowerCase(),
        passwordHash,
        role: 'admin',
        // The operator chose this account in the configuration: there is no link to open.
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return null;
    await enqueue(tx, IDENTITY_STREAM, createEvent(UserRegistered, announcedAccount(user)));
    return user;
  });
  if (created) logger.info({ username: admin.username }, 'admin account created');
}
