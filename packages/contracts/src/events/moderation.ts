import { z } from 'zod';
import { RejectionReason } from '../api/rejection-reason.js';
import { defineEvent } from '../envelope.js';

export const MODERATION_STREAM = 'moderation';

export const QuestionRejected = defineEvent(
  MODERATION_STREAM,
  'QuestionRejected',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    moderatorId: z.number().int(),
    moderationNotes: z.string().nullable(),
    /** Why, as the member reads it (absent in events from before reasons were required). */
    reason: RejectionReason.optional(),
    rejectedAt: z.iso.datetime(),
  }),
);

export const QuestionApproved = defineEvent(
  MODERATION_STREAM,
  'QuestionApproved',
  1,
  z.object({
    questionId: z.string(),
    askerId: z.number().int(),
    moderatorId: z.number().int(),
    /** The expert who must answer: the one asked, unless the moderator chose another. */
    assignedExpertId: z.number().int(),
    moderationNotes: z.string().nullable(),
    approvedAt: z.iso.datetime(),
  }),
);
