import { z } from 'zod';
import { DECISION_NOTE_MAX } from '../constants.js';
import { isPlainText, plainTextMessage } from './fields.js';
import { ExpertApplication } from './identity.js';

/**
 * The staff side of the public expert application (`/apply`). An application comes from a
 * visitor who may have no account, so deciding it cannot make anyone an expert: approving it
 * records the decision and emails the applicant an invitation to create an account and send an
 * expert profile (`/expert-onboarding`), whose approval is what makes someone an expert.
 */
export const EXPERT_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export const ExpertApplicationStatus = z.enum(EXPERT_APPLICATION_STATUSES, {
  error: `status must be one of: ${EXPERT_APPLICATION_STATUSES.join(', ')}`,
});
export type ExpertApplicationStatus = z.infer<typeof ExpertApplicationStatus>;

export const ExpertApplicationDecision = z.enum(['approved', 'declined']);
export type ExpertApplicationDecision = z.infer<typeof ExpertApplicationDecision>;

/**
 * Body of `POST /api/admin/expert-applications/:id/approve` and `…/decline`: an optional note,
 * sent to the applicant with the decision. Unknown keys are refused, so a misspelt `note` is a
 * 400 instead of a decision mailed without the note staff wrote.
 */
export const ExpertApplicationDecisionBody = z.strictObject(
  {
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(DECISION_NOTE_MAX, `note must be at most ${DECISION_NOTE_MAX} characters`)
      .refine(isPlainText, plainTextMessage('The note'))
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
  },
  { error: 'The body may only contain a note.' },
);
export type ExpertApplicationDecisionBody = z.infer<typeof ExpertApplicationDecisionBody>;

/** `GET /api/admin/expert-applications?status=`: without a status, every application. */
export const ExpertApplicationsQuery = z.object({ status: ExpertApplicationStatus.optional() });
export type ExpertApplicationsQuery = z.infer<typeof ExpertApplicationsQuery>;

/** An application as staff see it, with its decision once taken. */
export const ExpertApplicationRecord = ExpertApplication.extend({
  id: z.number().int(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  status: ExpertApplicationStatus,
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExpertApplicationRecord = z.infer<typeof ExpertApplicationRecord>;
