import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
