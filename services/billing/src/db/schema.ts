import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@uapqa/service-kit/db';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One row per member who ever dealt with billing. Its row lock serialises every balance change
 * of that member, which is what keeps a balance from going below zero under concurrency.
 */
export const accounts = pgTable(
  'accounts',
  {
    userId: integer('user_id').primaryKey(),
    email: text('email'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** `closed`: the member closed their account; the subscription ended then, for good. */
    status: text('status', { enum: ['none', 'incomplete', 'active', 'lapsed', 'closed'] })
      .notNull()
      .default('none'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The member asked to stop renewing: the subscription lapses at `currentPeriodEnd`. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_customer_idx').on(table.customerId),
    index('accounts_status_idx').on(table.status),
    index('accounts_period_end_idx').on(table.status, table.currentPeriodEnd),
  ],
);

export const LEDGER_KINDS = [
  'subscription_credit',
  'purchase',
  'question_debit',
  'question_refund',
  'expiry',
  /** The whole balance, when the member closed their account: credits are not paid back. */
  'forfeit',
  /** Credits an admin granted (positive) or took back (negative), with the reason. */
  'staff_adjustment',
] as const;

/** Append-only: a balance is the sum of a member's entries; nothing is ever updated or deleted. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Payment intent, invoice, question or expiry key: the same fact is never entered twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_idempotency_idx').on(table.idempotencyKey),
    index('ledger_user_idx').on(table.userId),
    check('ledger_delta_nonzero', sql`${table.delta} <> 0`),
  ],
);

/** Every payment started, from the first client secret to its outcome. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: ['subscription', 'small', 'bulk'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the browser confirms; none for a renewal, which Stripe (or the local job) charges itself. */
    clientSecret: text('client_secret'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_client_secret_idx').on(table.clientSecret),
    index('payments_settled_idx').on(table.status, table.settledAt),
    index('payments_user_idx').on(table.userId, table.settledAt),
  ],
);

/** Webhook events already applied: a replayed delivery finds its id here and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An expert's fee per answered question (one row per question: a redelivered answer adds
 * nothing), whether it has been paid out, and whether a refund reversed it. `earnedAt` is when the answer was given, which
 * decides the payout period, not when billing heard of it.
 */
export const expertEarnings = pgTable(
  'expert_earnings',
  {
    questionId: text('question_id').primaryKey(),
    expertId: integer('expert_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    /**
     * When staff granted the asker a refund for this answer: the fee no longer counts in the
     * expert's statement or the payout report. Set once; the row stays as the record.
     */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (table) => [index('expert_earnings_expert_idx').on(table.expertId, table.earnedAt)],
);
