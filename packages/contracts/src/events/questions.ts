import { z } from 'zod';
import { defineEvent } from '../envelope.js';

export const QUESTIONS_STREAM = 'questions';

/** An approved question went unanswered past its deadline; its credit goes back to the asker. */
export const QuestionOverdue = defineEvent(
  QUESTIONS_STREAM,
  'QuestionOverdue',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    assignedExpertId: z.number().int().nullable(),
    dueAt: z.iso.datetime(),
  }),
);

/**
 * An approved, unanswered question was taken back because its expert is no longer available
 * (delisted or no longer an expert): billing refunds the asker, who is told.
 */
export const QuestionWithdrawn = defineEvent(
  QUESTIONS_STREAM,
  'QuestionWithdrawn',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    expertId: z.number().int(),
    reason: z.literal('expert_unavailable'),
    withdrawnAt: z.iso.datetime(),
  }),
);

/** An expert answered: the asker is told, and billing records the expert's fee. */
export const QuestionAnswered = defineEvent(
  QUESTIONS_STREAM,
  'QuestionAnswered',
  1,
  z.object({
    questionId: z.string(),
    /** Null when nobody asked it: the demo archive's questions have no asker to tell. */
    askerId: z.number().int().nullable(),
    expertId: z.number().int(),
    title: z.string(),
    answeredAt: z.iso.datetime(),
  }),
);

export const QuestionSubmitted = defineEvent(
  QUESTIONS_STREAM,
  'QuestionSubmitted',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    askerUsername: z.string(),
    /** The expert (their user id) the member asked. */
    requestedExpertId: z.number().int(),
    title: z.string(),
    content: z.string(),
    context: z.string().nullable(),
    sources: z.string().nullable(),
    categoryId: z.number().int(),
    categoryName: z.string(),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
    submittedAt: z.iso.datetime(),
  }),
);

/**
 * An admin added or deleted a category or a topic. Every questions replica watches it to renew
 * the lists (and, for a deleted topic, the archive pages) it serves from memory.
 */
export const TaxonomyChanged = defineEvent(
  QUESTIONS_STREAM,
  'TaxonomyChanged',
  1,
  z.object({
    kind: z.enum(['category', 'tag']),
    change: z.enum(['created', 'deleted']),
    id: z.number().int(),
    name: z.string(),
    /** The admin who made the change (the audit log records it); absent in older events. */
    changedBy: z.number().int().optional(),
  }),
);

/** The asker asked their one follow-up: the expert is told, and has until `dueAt` to reply. */
export const FollowUpAsked = defineEvent(
  QUESTIONS_STREAM,
  'FollowUpAsked',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    expertId: z.number().int(),
    title: z.string(),
    dueAt: z.iso.datetime(),
  }),
);

/** The expert replied to the follow-up: the asker is told. */
export const FollowUpAnswered = defineEvent(
  QUESTIONS_STREAM,
  'FollowUpAnswered',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    expertId: z.number().int(),
    title: z.string(),
  }),
);

/**
 * Staff decided an asker's refund request. A grant has billing return the question's credit and
 * reverse the expert's fee for it (each once); both sides are emailed either way, and the audit
 * log records the decision.
 */
export const RefundDecided = defineEvent(
  QUESTIONS_STREAM,
  'RefundDecided',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    expertId: z.number().int(),
    title: z.string(),
    granted: z.boolean(),
    note: z.string(),
    decidedBy: z.number().int(),
    decidedAt: z.iso.datetime(),
  }),
);
