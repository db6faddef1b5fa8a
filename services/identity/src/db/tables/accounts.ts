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
import { createdAt } from './columns.js';

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
