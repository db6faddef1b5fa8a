/** The audit log: every staff action, recorded once by the service that owns it. */
import { z } from 'zod';

/** What a staff member did, as the audit log names it. */
export const STAFF_ACTIONS = [
  'role_changed',
  'account_suspended',
  'account_reinstated',
  'account_invited',
  'credits_adjusted',
  'setting_changed',
  'expert_profile_approved',
  'expert_profile_rejected',
  'expert_delisted',
  'expert_listed',
  'expert_application_approved',
  'expert_application_declined',
  'question_approved',
  'question_rejected',
  'taxonomy_changed',
  'refund_granted',
  'refund_refused',
] as const;
export const StaffActionName = z.enum(STAFF_ACTIONS, {
  error: `action must be one of: ${STAFF_ACTIONS.join(', ')}`,
});
export type StaffActionName = z.infer<typeof StaffActionName>;

/** How the audit log reads each action. */
export const STAFF_ACTION_LABELS: Readonly<Record<StaffActionName, string>> = {
  role_changed: 'Role changed',
  account_suspended: 'Account suspended',
  account_reinstated: 'Account reinstated',
  account_invited: 'Account invited',
  credits_adjusted: 'Credits adjusted',
  setting_changed: 'Setting changed',
  expert_profile_approved: 'Expert profile approved',
  expert_profile_rejected: 'Expert profile rejected',
  expert_delisted: 'Expert delisted',
  expert_listed: 'Expert listed again',
  expert_application_approved: 'Expert application approved',
  expert_application_declined: 'Expert application declined',
  question_approved: 'Question approved',
  question_rejected: 'Question rejected',
  taxonomy_changed: 'Category or topic changed',
  refund_granted: 'Refund granted',
  refund_refused: 'Refund refused',
};

/** A staff action as the services report it (the payload of `StaffActionTaken`). */
export const StaffActionReport = z.object({
  actorId: z.number().int(),
  action: StaffActionName,
  subjectUserId: z.number().int().nullable(),
  subject: z.string(),
  reason: z.string().nullable(),
});
export type StaffActionReport = z.infer<typeof StaffActionReport>;

/** One line of the audit log. */
export const AuditEntry = StaffActionReport.extend({
  id: z.number().int(),
  occurredAt: z.string(),
  /** The staff member's username at the time of reading (null once their account is gone). */
  actorUsername: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/admin/audit`: newest first, filtered by action, actor or account acted on. */
export const AuditQuery = z.object({
  action: StaffActionName.optional(),
  actorId: z.coerce.number().int().positive().optional(),
  subjectUserId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
