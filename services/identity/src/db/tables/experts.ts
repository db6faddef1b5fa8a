import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

export const expertProfiles = pgTable(
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
