import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export { inbox } from '@uapqa/service-kit/db';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Read copy of identity's users (from UserRegistered and UserRoleChanged): where to send a
 * member's mail, and who the admins are (they receive the expert applications).
 */
export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_role_idx').on(table.role)],
);

/**
 * Read copy of identity's approved expert profiles (from CreatorApproved): the name an expert
 * goes by in the archive, which the asker's mails use.
 */
export const experts = pgTable('creators', {
  userId: integer('user_id').primaryKey(),
  brandName: text('brand_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Read copy of submitted questions (from QuestionSubmitted): titles for moderation mails, and
 * the expert the member asked, so the approval mail can say when staff chose another one.
 */
export const questions = pgTable('questions', {
  questionId: text('question_id').primaryKey(),
  askerId: integer('asker_id').notNull(),
  title: text('title').notNull(),
  requestedExpertId: integer('requested_expert_id'),
  createdAt: createdAt(),
});

/** One row per address (lower-cased): joining twice changes nothing. */
export const waitlist = pgTable('waitlist', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique('waitlist_email_key'),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

export const NEWSLETTER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;

/**
 * One row per address (lower-cased). An address signed up from the form is `pending` until the
 * link of its confirmation email is opened (double opt-in); only `subscribed` ones receive the
 * newsletter and count. The link's token is stored hashed and cleared once used.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique('newsletter_subscribers_email_key'),
  source: text('source').notNull(),
  status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
  confirmTokenHash: text('confirm_token_hash').unique('newsletter_subscribers_token_key'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A member's choice for a kind of email they may switch off. No row: the kind is sent (the
 * newsletter is not kept here: it is the newsletter list itself).
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * Secrets the service makes for itself on its first start and every replica shares, such as the
 * key that signs unsubscribe links when the configuration gives none.
 */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** `skipped`: never to be sent (the recipient switched its kind off, or a limit); see `skip_reason`. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * The mail outbox. A row is written in the transaction of what causes it; a worker renders and
 * sends it later. `dedupe_key` (event id + template, `waitlist:<email>`, `contact:<id>`) makes a
 * second enqueue of the same message a no-op. The recipient is an address, or a user id whose
 * address is looked up at delivery time (the user may not be known yet).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique('mail_outbox_dedupe_key'),
    template: text('template').notNull(),
    toUserId: integer('to_user_id'),
    toEmail: text('to_email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start (now, or later after a failure: backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a replica sends the message: no other one claims it before this instant. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    subject: text('subject'),
    messageId: text('message_id'),
    /** Why a `skipped` message was not sent, decided when it was enqueued. */
    skipReason: text('skip_reason'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_user_idx').on(table.toUserId).where(sql`${table.status} = 'pending'`),
    // Counting what one address received lately (the sign-up attempt notice's daily limit).
    index('mail_outbox_recipient_idx').on(table.toEmail, table.template, table.createdAt),
  ],
);

/**
 * Accounts closed by their owner: nothing more is mailed to them (their address is gone from
 * `users`; this row, a bare id, is what stops mail to the id from waiting for it forever).
 */
export const closedAccounts = pgTable('closed_accounts', {
  userId: integer('user_id').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
});
