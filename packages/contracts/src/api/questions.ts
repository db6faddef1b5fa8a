import { z } from 'zod';
import {
  BROWSE_MAX_PAGE_SIZE,
  BROWSE_PAGE_SIZE,
  MIN_LENGTH,
  RECENT_QUESTIONS_LIMIT,
} from '../constants.js';
import { answerText, RefundRequest } from './answer-feedback.js';
import { ArchiveSort, SearchHighlights } from './archive-reading.js';
import {
  canonicalId,
  isSingleLine,
  MAX_ID,
  optionalText,
  requiredText,
  singleLineMessage,
} from './fields.js';
import { RejectionReason } from './rejection-reason.js';

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** The ask form's rules and messages, shared by the form and the API so both say the same. */
export const SubmitQuestionBody = z.object({
  /** The expert's user id (the value of the expert choice). */
  assignedCreatorId: id('Please select an expert'),
  categoryId: id('Please select a category'),
  title: z
    .string({ error: 'Question must be at least 10 characters' })
    .trim()
    .min(MIN_LENGTH.questionTitle, 'Question must be at least 10 characters')
    .max(300, 'Question must be at most 300 characters')
    .refine(isSingleLine, singleLineMessage('The question')),
  content: requiredText('Please provide more details', 'Details')
    .min(MIN_LENGTH.questionDetails, 'Please provide more details')
    .max(10_000, 'Details must be at most 10000 characters'),
  context: optionalText(5000, 'Context'),
  sources: optionalText(5000, 'Sources'),
  tagIds: z
    .array(id('Please select at least one tag'), { error: 'Please select at least one tag' })
    .min(1, 'Please select at least one tag')
    .max(20, 'Please select at most 20 tags')
    .transform((ids) => [...new Set(ids)]),
});
export type SubmitQuestionBody = z.infer<typeof SubmitQuestionBody>;

export const AnswerBody = z.object({
  questionId: z.string({ error: 'questionId is required' }).min(1, 'questionId is required'),
  content: answerText,
});
export type AnswerBody = z.infer<typeof AnswerBody>;

export const TaxonomyBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be at most 80 characters')
    .refine(isSingleLine, singleLineMessage('Name')),
  description: optionalText(500, 'Description'),
});
export type TaxonomyBody = z.infer<typeof TaxonomyBody>;

export const TaxonomyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});
export type TaxonomyItem = z.infer<typeof TaxonomyItem>;

/** The admin's view of a category or topic: how many questions carry it (asked or answered). */
export const TaxonomyUsageItem = TaxonomyItem.extend({
  questionCount: z.number().int().nonnegative(),
});
export type TaxonomyUsageItem = z.infer<typeof TaxonomyUsageItem>;

const idList = z
  .string()
  .regex(/^[1-9]\d*(,[1-9]\d*)*$/, 'tagIds must be comma-separated ids, each in digits only')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.every((id) => id <= MAX_ID), 'tagIds must be ids the API gave out');

export const ArchiveQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  categoryId: canonicalId('categoryId').optional(),
  creatorId: canonicalId('creatorId').optional(),
  tagIds: z.union([z.literal('').transform(() => undefined), idList]).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(BROWSE_MAX_PAGE_SIZE, `limit must be at most ${BROWSE_MAX_PAGE_SIZE}`)
    .default(BROWSE_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).optional(),
  /** Opaque position from the previous page's X-Next-Cursor: stable while new answers arrive. */
  cursor: z.string().max(500).optional(),
  sort: ArchiveSort.default('newest'),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuery>;

export const QuestionStatus = z.enum(['pending', 'approved', 'rejected', 'answered']);
export type QuestionStatus = z.infer<typeof QuestionStatus>;

/** A member's own questions: newest first, a page at a time, optionally of one status. */
export const MyQuestionsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(BROWSE_MAX_PAGE_SIZE, `limit must be at most ${BROWSE_MAX_PAGE_SIZE}`)
    .default(RECENT_QUESTIONS_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(1_000_000, 'offset must be at most 1000000')
    .default(0),
  status: z
    .enum(QuestionStatus.options, {
      error: `status must be one of: ${QuestionStatus.options.join(', ')}`,
    })
    .optional(),
});
export type MyQuestionsQuery = z.infer<typeof MyQuestionsQuery>;

/** The Question shape every question list and page of the API returns. */
export const Question = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  context: z.string().nullable(),
  sources: z.string().nullable(),
  status: QuestionStatus,
  categoryId: z.number().int(),
  category: z.object({ name: z.string() }),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tagIds: z.array(z.number().int()),
  createdAt: z.string(),
  answer: z
    .object({
      content: z.string(),
      createdAt: z.string(),
      /**
       * True when `content` is only the answer's preview (its first 100 characters and `...`):
       * the whole answer is for subscribers, staff, its expert and its asker.
       */
      truncated: z.boolean().optional(),
      /** When the expert last edited it (within ANSWER_EDIT_HOURS of publishing), if ever. */
      editedAt: z.string().nullable().optional(),
      /** Until when its expert may still edit it; null once rated or past the window. */
      editableUntil: z.string().nullable().optional(),
    })
    .nullable(),
  /** The asker's rating; the comment only for those who read the answer whole. */
  rating: z
    .object({
      stars: z.number().int().min(1).max(5),
      comment: z.string().nullable(),
      ratedAt: z.string(),
    })
    .nullable()
    .optional(),
  /** The asker's one follow-up and the expert's reply, for those who read the answer whole. */
  followUp: z
    .object({
      content: z.string(),
      askedAt: z.string(),
      dueAt: z.string(),
      reply: z.object({ content: z.string(), answeredAt: z.string() }).nullable(),
    })
    .nullable()
    .optional(),
  /** `GET /api/questions/:id`, for its asker and staff: the refund request, if one was made. */
  refundRequest: RefundRequest.nullable().optional(),
  /** `GET /api/questions/:id`, for its asker: until when they may ask for a refund, if still. */
  refundableUntil: z.string().nullable().optional(),
  /** The expert asked (user id). */
  assignedCreatorId: z.number().int(),
  /** The expert who must answer after approval (user id). */
  assignedExpertId: z.number().int().nullable(),
  moderationNotes: z.string().nullable(),
  /** A rejected question's reason, as `REJECTION_REASON_LABELS` words it for the member. */
  rejectionReason: RejectionReason.nullable().optional(),
  dueAt: z.string().nullable(),
  /** When an approved question passed its deadline unanswered (its credit is refunded). */
  overdueAt: z.string().nullable().optional(),
  /**
   * When an approved question was taken back unanswered because its expert is no longer
   * available (its credit is refunded).
   */
  withdrawnAt: z.string().nullable().optional(),
  /**
   * The question's credit went back to the asker: it was rejected, its deadline passed, or its
   * expert is no longer available.
   */
  creditRefunded: z.boolean().optional(),
  /** The admins' content reports only: who asked it (their account in user management). */
  askerId: z.number().int().nullable().optional(),
  /** `GET /api/questions/:id` only: the caller asked this question. */
  askedByViewer: z.boolean().optional(),
  /** `GET /api/questions?search=` only: the matched words in what the reader is shown. */
  highlights: SearchHighlights.optional(),
  creator: z
    .object({
      userId: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      brandName: z.string().nullable(),
    })
    .nullable(),
});
export type Question = z.infer<typeof Question>;

export const QuestionWindow = z.object({
  creatorId: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
});
export type QuestionWindow = z.infer<typeof QuestionWindow>;

/** The places the caller holds in an expert's current window, and how many they may hold. */
export const MyWindowPlaces = z.object({
  creatorId: z.number().int(),
  held: z.number().int(),
  limit: z.number().int(),
});
export type MyWindowPlaces = z.infer<typeof MyWindowPlaces>;

/** `GET /api/questions/stats`: the archive's figures. */
export const QuestionStats = z.object({
  totalQuestions: z.number().int(),
  questionsAnswered: z.number().int(),
  questionsThisMonth: z.number().int(),
});
export type QuestionStats = z.infer<typeof QuestionStats>;

/** The answer to a new question: it waits for a moderator. */
export const QuestionAccepted = z.object({
  id: z.string(),
  status: z.literal('pending'),
  message: z.string(),
});

/** The answer to an expert's answer. */
export const AnswerRecorded = z.object({
  questionId: z.string(),
  status: z.literal('answered'),
  answeredAt: z.string(),
});
