/** The audit log: every staff action, recorded once by the service that owns it. */
import { z } from 'zod';
import { STAFF_ACTIONS } from './staff-actions.js';

export { STAFF_ACTION_LABELS, STAFF_ACTIONS } from './staff-actions.js';

export const StaffActionName = z.enum(STAFF_ACTIONS, {
  error: `action must be one of: ${STAFF_ACTIONS.join(', ')}`,
});
export type StaffActionName = z.infer<typeof StaffActionName>;

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
