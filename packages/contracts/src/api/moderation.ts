import { z } from 'zod';
import { MAX_ID, optionalText } from './fields.js';
import { Question } from './questions.js';
import { RejectionReason } from './rejection-reason.js';

/** The review queue is read a page at a time, oldest first. */
export const MODERATION_QUEUE_PAGE_SIZE = 50;
export const MODERATION_QUEUE_MAX_PAGE_SIZE = 200;

export const ModerationDecision = z.enum(['approved', 'rejected'], {
  error: "status must be 'approved' or 'rejected'",
});
export type ModerationDecision = z.infer<typeof ModerationDecision>;

const EXPERT_ID_MESSAGE = "assignedExpertId must be an expert's user id (a positive whole number)";

/**
 * The expert chosen in the moderation panel: a user id, as a number or the digits a select
 * sends; null, an empty string or nothing means "the expert the member asked".
 */
const expertChoice = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null) return null;
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed === '') return null;
    const id = typeof trimmed === 'string' && /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: EXPERT_ID_MESSAGE });
      return z.NEVER;
    }
    return id;
  });

/** `PATCH /api/admin/questions/:id/status`: a moderator's decision on a pending question. */
export const ModerationStatusBody = z
  .object({
    status: ModerationDecision,
    moderationNotes: optionalText(5000, 'Notes'),
    /** Approval only: who must answer; the expert the member asked unless given. */
    assignedExpertId: expertChoice,
    /** Rejection only, and required then: the reason the member reads. */
    rejectionReason: RejectionReason.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.rejectionReason) {
      ctx.addIssue({
        code: 'custom',
        path: ['rejectionReason'],
        message: 'Please choose why the question is rejected: the member reads it.',
      });
    }
  });
export type ModerationStatusBody = z.infer<typeof ModerationStatusBody>;

export const PendingQuestionsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MODERATION_QUEUE_MAX_PAGE_SIZE, `limit must be at most ${MODERATION_QUEUE_MAX_PAGE_SIZE}`)
    .default(MODERATION_QUEUE_PAGE_SIZE),
  /** Opaque position from the previous page's X-Next-Cursor. */
  cursor: z.string().max(500).optional(),
});
export type PendingQuestionsQuery = z.infer<typeof PendingQuestionsQuery>;

export const ModerationStatus = z.enum(['pending', 'approved', 'rejected']);
export type ModerationStatus = z.infer<typeof ModerationStatus>;

/**
 * An item of the review queue: the public Question shape (no answer or deadline yet; `creator`
 * is the requested expert while pending, the assigned one once approved) plus who asked and,
 * once decided, who decided and when.
 */
export const ModerationItem = Question.extend({
  status: ModerationStatus,
  /**
   * False when the expert shown in `creator` is no longer available (delisted, or no longer an
   * expert): approving needs another expert, or the question is rejected with a refund.
   */
  expertListed: z.boolean(),
  asker: z.object({ id: z.number().int(), username: z.string() }),
  moderatorId: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItem>;

/** The moderation service's part of the staff figures (month in UTC). */
export const ModerationStats = z.object({
  awaitingReview: z.number().int().nonnegative(),
  decidedThisMonth: z.number().int().nonnegative(),
});
export type ModerationStats = z.infer<typeof ModerationStats>;

/**
 * `PATCH /api/admin/questions/:id/status`'s answer: the item as decided, and until when the
 * decision may be undone. The decision is announced (questions, billing, notifications and the
 * audit log hear of it) at `undoUntil`; null when it was announced at once (no hold configured).
 */
export const ModerationDecided = ModerationItem.extend({
  undoUntil: z.iso.datetime().nullable(),
});
export type ModerationDecided = z.infer<typeof ModerationDecided>;

/** `POST /api/admin/questions/:id/undo`'s answer: what happened, and the item pending again. */
export const ModerationUndone = z.object({
  message: z.string(),
  item: ModerationItem,
});
export type ModerationUndone = z.infer<typeof ModerationUndone>;
