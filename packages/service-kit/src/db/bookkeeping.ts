import type { EventEnvelope } from '@uapqa/contracts';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Tables every service has: the transactional outbox (events committed with the state change that
 * caused them) and the inbox (ids of events already handled, per consumer). A service re-exports
 * them from its own schema so drizzle-kit puts them in its migrations.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    stream: text('stream').notNull(),
    type: text('type').notNull(),
    envelope: jsonb('envelope').$type<EventEnvelope>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [index('outbox_unpublished_idx').on(table.publishedAt, table.id)],
);

export const inbox = pgTable(
  'inbox',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.consumer, table.eventId] })],
);
