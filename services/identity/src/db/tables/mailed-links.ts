import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

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
