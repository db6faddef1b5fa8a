// Kept apart from the schemas: the audit log's page reads these without downloading zod.

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
/** How the audit log reads each action. */
export const STAFF_ACTION_LABELS: Readonly<Record<(typeof STAFF_ACTIONS)[number], string>> = {
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
