import { ANONYMOUS_PREVIEW_CHARS } from '@uapqa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@uapqa/service-kit/db';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_name_idx').on(sql`lower(${table.name})`)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('tags_name_idx').on(sql`lower(${table.name})`)],
);

/**
 * Read copy of approved experts, kept from identity's CreatorApproved and CreatorListingChanged
 * events. A delisted expert keeps their row: the archive still names them on their answers.
 */
export const experts = pgTable('creators', {
  userId: integer('user_id').primaryKey(),
  creatorId: integer('creator_id').notNull(),
  brandName: text('brand_name'),
  bio: text('bio'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  questionsPerWeek: integer('questions_per_week').notNull(),
  /** False while delisted or no longer an expert: nobody may ask them or be assigned to them. */
  listed: boolean('listed').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Read copy of who holds an active subscription, kept from billing's SubscriptionActivated and
 * SubscriptionLapsed: whole answers are for subscribers, and this service decides that without
 * asking billing on every read. `changedAt` is the event's time, so an older event delivered
 * late never overwrites a newer state.
 */
export const subscribers = pgTable('subscribers', {
  userId: integer('user_id').primaryKey(),
  active: boolean('active').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/**
 * A question and, once given, its answer (one per question). The search vector covers title,
 * details and answer, stored and GIN-indexed so archive search never scans text.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey(),
    /** Null for the imported demo archive, which has no asker. */
    askerId: integer('asker_id'),
    requestedExpertId: integer('requested_expert_id').notNull(),
    /**
     * Which of the requested expert's weekly windows this question holds a place in (null for
     * the demo archive): the place is given back on rejection, and a member's places in one
     * window are counted by it.
     */
    windowOpensAt: timestamp('window_opens_at', { withTimezone: true }),
    assignedExpertId: integer('assigned_expert_id'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    context: text('context'),
    sources: text('sources'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'answered'] })
      .notNull()
      .default('pending'),
    moderationNotes: text('moderation_notes'),
    /** A rejection's reason (REJECTION_REASONS), which the member reads. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /**
     * Set when an approved, unanswered question is taken back because its expert is no longer
     * available; its credit is refunded and it can no longer be answered.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    answerContent: text('answer_content'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The last time the expert edited the answer (within its edit window); older texts are in answer_revisions. */
    answerEditedAt: timestamp('answer_edited_at', { withTimezone: true }),
    /** The asker's rating of the answer, 1 to 5 stars, given once; it ends the edit window. */
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** The asker's one follow-up question after the answer, and the expert's reply to it. */
    followUpContent: text('follow_up_content'),
    followUpAskedAt: timestamp('follow_up_asked_at', { withTimezone: true }),
    followUpDueAt: timestamp('follow_up_due_at', { withTimezone: true }),
    followUpAnswer: text('follow_up_answer'),
    followUpAnsweredAt: timestamp('follow_up_answered_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B') || setweight(to_tsvector('english', coalesce(answer_content, '')), 'C')`,
    ),
    /**
     * What a reader without a subscription may search: title, details and the answer's first
     * 100 characters (the preview they are shown), so a search cannot confirm a word hidden in
     * the rest of an answer. `left` counts characters, as the preview does.
     */
    previewVector: tsvector('preview_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B') || setweight(to_tsvector('english', left(coalesce(answer_content, ''), ${sql.raw(String(ANONYMOUS_PREVIEW_CHARS))})), 'C')`,
    ),
    /** Titles alone: a question whose title matches ranks above one matching elsewhere. */
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, ''))`,
    ),
  },
  (table) => [
    index('questions_search_idx').using('gin', table.searchVector),
    index('questions_preview_search_idx').using('gin', table.previewVector),
    index('questions_title_search_idx').using('gin', table.titleVector),
    // The archive: answered questions, newest answer first. Ascending on purpose: read backwards
    // it yields `order by answered_at desc, id desc` exactly (a DESC index is NULLS LAST, which
    // that ordering is not, so the planner would not use it).
    index('questions_archive_idx')
      .on(table.answeredAt, table.id)
      .where(sql`${table.status} = 'answered'`),
    index('questions_asker_idx').on(table.askerId, table.createdAt, table.id),
    index('questions_window_idx').on(table.requestedExpertId, table.windowOpensAt, table.askerId),
    index('questions_expert_idx').on(table.assignedExpertId, table.status),
    index('questions_category_idx').on(table.categoryId),
    // An expert's rating is the average of their answers' ratings.
    index('questions_expert_rating_idx')
      .on(table.assignedExpertId, table.rating)
      .where(sql`${table.rating} is not null`),
    index('questions_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'approved' and ${table.overdueAt} is null`),
  ],
);

export const questionTags = pgTable(
  'question_tags',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.questionId, table.tagId] }),
    index('question_tags_tag_idx').on(table.tagId),
  ],
);

/**
 * An answer's earlier texts: each edit the expert makes within the edit window keeps the text
 * it replaced, so staff can read what the member was first shown.
 */
export const answerRevisions = pgTable(
  'answer_revisions',
  {
    id: serial('id').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** When this text was first published (the answer) or saved (an earlier edit). */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('answer_revisions_question_idx').on(table.questionId, table.replacedAt)],
);

/**
 * A member's request for their credit back after an answer, one per question, and the staff
 * decision on it. A grant is announced (RefundDecided) for billing to return the credit and
 * reverse the expert's fee.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    askerId: integer('asker_id').notNull(),
    expertId: integer('expert_id').notNull(),
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'granted', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (table) => [index('refund_requests_status_idx').on(table.status, table.requestedAt)],
);

/**
 * One row per expert per weekly window: how many questions it may take and has taken. A
 * conditional increment of `accepted` is what keeps any window within its capacity.
 */
export const questionWindows = pgTable(
  'question_windows',
  {
    expertId: integer('expert_id').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    accepted: integer('accepted').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.expertId, table.opensAt] })],
);

/**
 * A credit billing may have debited for a question not stored yet. Written (committed on its
 * own) before billing is asked, locked by the asking transaction and deleted in the transaction
 * that stores the question: a row left behind, unlocked, means the ask never completed, and the
 * reservation sweep (jobs/reservations.ts) has billing release the credit.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    questionId: uuid('question_id').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('credit_reservations_created_idx').on(table.createdAt)],
);
