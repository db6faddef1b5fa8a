import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

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
