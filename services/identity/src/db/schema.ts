import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

export { inbox, outbox } from '@uapqa/service-kit/db';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'expert', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
    /**
     * When the owner opened the link mailed to this address; null until then. An account whose
     * address nobody confirmed cannot sign in, and nothing but the link is mailed to it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the owner closed the account. The row stays only so that ids other services keep
     * (receipts, published answers) still point at something: its name, address and password
     * are gone (see `closedAccountFields`).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When an admin suspended the account, and why (shown back on the admin's page): it cannot
     * sign in, its sessions ended, and its subscription is not renewed. Null when not suspended.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (table) => [
    // Usernames and emails are unique regardless of case: 'Alice' cannot shadow 'alice'.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_idx').on(table.email),
    index('users_role_idx').on(table.role),
  ],
);

/** A login: the JWT's `sid`. The refresh secret is stored only as a hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_refresh_hash_idx').on(table.refreshHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/**
 * Links mailed to confirm an account's address. Only the token's hash is stored: a copy of the
 * database does not confirm anyone. A link works once and until `expiresAt`.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_verifications_user_idx').on(table.userId)],
);

/**
 * Links mailed to choose a new password. Only the token's hash is stored; a link works once and
 * until `expiresAt` (an hour), and setting a password spends every link of the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * Who has an active subscription, as billing announced it (SubscriptionActivated, Lapsed): a
 * read copy for user management's filter. The latest announcement wins.
 */
export const memberSubscriptions = pgTable('member_subscriptions', {
  userId: integer('user_id').primaryKey(),
  active: boolean('active').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/**
 * The staff's actions, each recorded once: who, when, what, on whom and why. Identity records
 * its own in the transaction of the action; the other services' arrive as `StaffActionTaken`
 * events, recorded under their event id. Append-only: no route changes or deletes a line.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: serial('id').primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    action: text('action').notNull(),
    /** The account the action was about, when it was about one. */
    subjectUserId: integer('subject_user_id'),
    /** What was acted on, in words ("question 0192…", "category Radar"). */
    subject: text('subject').notNull(),
    reason: text('reason'),
    /** The event that reported an action of another service: recorded once. */
    sourceEventId: text('source_event_id'),
  },
  (table) => [
    index('staff_actions_occurred_idx').on(table.occurredAt),
    index('staff_actions_subject_idx').on(table.subjectUserId),
    uniqueIndex('staff_actions_source_idx').on(table.sourceEventId),
  ],
);

/**
 * Accounts an admin invited (name, address, role), created only when the invited person opens
 * the mailed link and chooses a password: until then nothing holds the name or the address, and
 * no account exists that anybody could sign in to. Only the link token's hash is stored.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'expert', 'moderator', 'admin'] }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The account the invitation created, once it was accepted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('account_invitations_token_idx').on(table.tokenHash)],
);

/**
 * Links mailed to a new address an account asked to move to: the address changes only when
 * its link is opened. Only the token's hash is stored; a link works once and until `expiresAt`.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);

/**
 * Refresh secrets already traded for a new one. Each is redeemable once: presenting one again
 * after a short grace means two parties hold it (one stole it), so the whole session ends.
 */
export const spentRefreshSecrets = pgTable(
  'spent_refresh_secrets',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_refresh_secrets_session_idx').on(table.sessionId)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    bio: text('bio').notNull(),
    credentials: text('credentials').notNull(),
    expertise: text('expertise').notNull(),
    website: text('website'),
    socialLinks: text('social_links'),
    experienceYears: integer('experience_years').notNull(),
    questionsPerWeek: integer('questions_per_week').notNull(),
    weeklyRate: integer('weekly_rate').notNull(),
    /** The line under the expert's name on answers and lists; unset: a generic one. */
    title: text('title'),
    /** The background of the expert's initials (`#rrggbb`, dark enough for white text). */
    avatarColor: text('avatar_color'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /**
     * Whether an approved expert is offered to members (public list, ask form, assignment). False
     * once an admin delists them or their role changes away from expert; the profile and their
     * past answers stay.
     */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
  },
  (table) => [
    index('creator_profiles_status_idx').on(table.status),
    // At most one application under review per user, enforced by the database under concurrency.
    uniqueIndex('creator_profiles_one_pending_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('creator_profiles_one_approved_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'approved'`),
  ],
);

/**
 * Applications from the public `/apply` form (visitors, maybe without an account). A decision
 * is recorded once: `pending` becomes `approved` or `declined`, with the admin and their note.
 */
export const expertApplications = pgTable(
  'expert_applications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    duration: integer('duration').notNull(),
    questionsPerWeek: integer('questions_per_week').notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    /** An approval's invitation to register (waitlist mode or not): its secret's SHA-256 only. */
    inviteTokenHash: text('invite_token_hash').unique(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** When an account was created with the invitation: it works once. */
    inviteUsedAt: timestamp('invite_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('expert_applications_status_idx').on(table.status, table.createdAt)],
);

/** Session signing keys, shared by identity replicas: the active one signs, all verify. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
    publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  // Replicas starting together race to create the first key; this lets exactly one win.
  (table) => [
    uniqueIndex('signing_keys_one_active_idx').on(table.active).where(sql`${table.active}`),
  ],
);

/**
 * The username and address of closed accounts, held for a while so nobody registers with them
 * at once (see CLOSED_ACCOUNT_HOLD_DAYS). Only a SHA-256 of each lower-cased value is kept: a
 * sign-up can be checked against it, but the list names nobody. Rows past `releasedAt` no longer
 * count and are deleted when next seen.
 */
export const heldNames = pgTable(
  'held_names',
  {
    kind: text('kind', { enum: ['username', 'email'] }).notNull(),
    digest: text('digest').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('held_names_kind_digest_idx').on(table.kind, table.digest)],
);
