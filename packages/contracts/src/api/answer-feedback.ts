/** What happens to an answer after it is published: edits, the asker's rating, follow-up and refund request. */
import { z } from 'zod';
import {
  DECISION_NOTE_MAX,
  FOLLOW_UP_MAX,
  MIN_ANSWER_LENGTH,
  MIN_LENGTH,
  RATING_COMMENT_MAX,
} from '../constants.js';
import { optionalText, requiredText } from './fields.js';

/** An answer's text, as published and as edited. */
export const answerText = requiredText('Answer must not be blank', 'The answer')
  .min(MIN_ANSWER_LENGTH, `Answer must be at least ${MIN_ANSWER_LENGTH} characters`)
  .max(20_000, 'Answer must be at most 20000 characters');

/** The expert's edit of their answer: the same rules as the answer itself. */
export const AnswerEditBody = z.object({ content: answerText });
export type AnswerEditBody = z.infer<typeof AnswerEditBody>;

export const RatingBody = z.object({
  stars: z
    .number({ error: 'Please choose from 1 to 5 stars' })
    .int('Please choose from 1 to 5 stars')
    .min(1, 'Please choose from 1 to 5 stars')
    .max(5, 'Please choose from 1 to 5 stars'),
  comment: optionalText(RATING_COMMENT_MAX, 'Comment'),
});
export type RatingBody = z.infer<typeof RatingBody>;

export const FollowUpBody = z.object({
  content: requiredText('Please write your follow-up question', 'The follow-up')
    .min(
      MIN_LENGTH.questionTitle,
      `The follow-up must be at least ${MIN_LENGTH.questionTitle} characters`,
    )
    .max(FOLLOW_UP_MAX, `The follow-up must be at most ${FOLLOW_UP_MAX} characters`),
});
export type FollowUpBody = z.infer<typeof FollowUpBody>;

export const FollowUpAnswerBody = z.object({
  content: requiredText('Please write your reply', 'The reply')
    .min(
      MIN_LENGTH.questionTitle,
      `The reply must be at least ${MIN_LENGTH.questionTitle} characters`,
    )
    .max(10_000, 'The reply must be at most 10000 characters'),
});
export type FollowUpAnswerBody = z.infer<typeof FollowUpAnswerBody>;

export const RefundRequestBody = z.object({
  reason: requiredText('Please tell us why you want a refund', 'The reason')
    .min(
      MIN_LENGTH.questionTitle,
      `The reason must be at least ${MIN_LENGTH.questionTitle} characters`,
    )
    .max(DECISION_NOTE_MAX, `The reason must be at most ${DECISION_NOTE_MAX} characters`),
});
export type RefundRequestBody = z.infer<typeof RefundRequestBody>;

export const RefundDecisionBody = z.object({
  decision: z.enum(['grant', 'refuse'], { error: 'decision must be grant or refuse' }),
  note: requiredText('Please write a note for the member', 'The note').max(
    DECISION_NOTE_MAX,
    `The note must be at most ${DECISION_NOTE_MAX} characters`,
  ),
});
export type RefundDecisionBody = z.infer<typeof RefundDecisionBody>;

export const RefundStatus = z.enum(['pending', 'granted', 'refused']);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** A refund request as its asker and staff see it. */
export const RefundRequest = z.object({
  status: RefundStatus,
  reason: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

/** One request in the staff's queue, with what they need to decide it. */
export const RefundQueueItem = RefundRequest.extend({
  questionId: z.string(),
  title: z.string(),
  askerId: z.number().int(),
  expertId: z.number().int(),
  answeredAt: z.string(),
  rating: z.number().int().nullable(),
});
export type RefundQueueItem = z.infer<typeof RefundQueueItem>;

export const RefundQueueQuery = z.object({
  status: z
    .enum(RefundStatus.options, {
      error: `status must be one of: ${RefundStatus.options.join(', ')}`,
    })
    .default('pending'),
});
export type RefundQueueQuery = z.infer<typeof RefundQueueQuery>;

/** An answer's earlier texts, newest first, for staff. */
export const AnswerHistory = z.object({
  current: z.object({ content: z.string(), writtenAt: z.string() }),
  revisions: z.array(
    z.object({ content: z.string(), writtenAt: z.string(), replacedAt: z.string() }),
  ),
});
export type AnswerHistory = z.infer<typeof AnswerHistory>;

/** The response to a rating, follow-up, reply, edit or refund step: the question as it is now. */
export const FeedbackRecorded = z.object({ questionId: z.string(), message: z.string() });
export type FeedbackRecorded = z.infer<typeof FeedbackRecorded>;
