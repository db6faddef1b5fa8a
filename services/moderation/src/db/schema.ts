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
} from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@uapqa/service-kit/db';

/**
 * The review queue, projected from QuestionSubmitted: everything a moderator needs to decide
 * without asking another service. One row per question (its id is the key, so a second copy of
 * the event changes nothing); the decision columns hold the live decision: filled by a decision,
 * cleared again if it is undone within its hold (the `decisions` row keeps what it was).
 */
export const queueItems = pgTable(
  'queue_items',
  {
    /** The question's id as the questions service gave it. */
    questionId: text('question_id').primaryKey(),
    askerId: integer('asker_id').notNull(),
    askerUsername: text('asker_username').notNull(),
    /** The expert (user id) the member asked. */
    requestedExpertId: integer('requested_expert_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    context: text('context'),
    sources: text('sources'),
    categoryId: integer('category_id').notNull(),
    categoryName: text('category_name').notNull(),
    tags: jsonb('tags').$type<Array<{ id: number; name: string }>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Set on approval: the requested expert unless the moderator chose another. */
    assignedExpertId: integer('assigned_expert_id'),
    moderationNotes: text('moderation_notes'),
    /** A rejection's reason (REJECTION_REASONS), which the member reads. */
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    // The queue as moderators read it: pending items, oldest first.
    index('queue_items_pending_idx')
      .on(table.submittedAt, table.questionId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Every decision taken, with who took it, when, the notes and the assignment (history). A
 * decision is held until `releaseAt` before its event is enqueued (an email cannot be unsent, so
 * Undo must come before the announcement); an undone one keeps its row, marked, so the history
 * shows what was decided and taken back, and only the latest row of a question can be live.
 */
export const decisions = pgTable(
  'decisions',
  {
    id: serial('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => queueItems.questionId),
    decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
    moderatorId: integer('moderator_id').notNull(),
    moderatorUsername: text('moderator_username').notNull(),
    moderationNotes: text('moderation_notes'),
    /** A rejection's reason (REJECTION_REASONS), which the member reads. */
    rejectionReason: text('rejection_reason'),
    assignedExpertId: integer('assigned_expert_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the hold ends: the decision is announced then, unless undone first. */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    /** When the release enqueued its event; null while held, and for good once undone. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** Taken back within the hold (by `undoneBy`): never announced, the item pending again. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by'),
  },
  (table) => [
    index('decisions_question_idx').on(table.questionId),
    index('decisions_decided_at_idx').on(table.decidedAt),
    // The release job's look-up: held decisions, the earliest hold first.
    index('decisions_held_idx')
      .on(table.releaseAt)
      .where(sql`${table.announcedAt} is null and ${table.undoneAt} is null`),
  ],
);

/**
 * Read copy of approved experts, kept from identity's CreatorApproved and CreatorListingChanged
 * events. A delisted expert keeps their row (the queue still names them) but cannot be assigned.
 */
export const experts = pgTable('experts', {
  userId: integer('user_id').primaryKey(),
  creatorId: integer('creator_id').notNull(),
  brandName: text('brand_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  listed: boolean('listed').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
