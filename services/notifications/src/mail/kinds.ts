import type { EmailKind } from '@uapqa/contracts';
import type { MailTemplate } from './templates/index.js';

/**
 * The kind of every message, which decides whether its recipient may switch it off. A new
 * template must be placed here (the type refuses a missing one): security messages (links,
 * changes to an account) and receipts are always sent; so are an expert's assignments, which
 * start the answer's 72-hour clock, staff notices, and replies to what someone just sent.
 */
export const TEMPLATE_KINDS: Readonly<Record<MailTemplate, EmailKind>> = {
  email_verification: 'security',
  signup_existing: 'security',
  newsletter_confirmation: 'security',
  account_invitation: 'security',
  password_reset: 'security',
  password_changed: 'security',
  email_change_requested: 'security',
  email_change_confirm: 'security',
  email_change_taken: 'security',
  email_changed: 'security',
  account_closed: 'security',
  welcome: 'marketing',
  question_approved: 'question_status',
  question_rejected: 'question_status',
  credits_refunded: 'question_status',
  expert_unavailable: 'question_status',
  question_answered: 'answers',
  follow_up_answered: 'answers',
  refund_decided: 'replies',
  refund_decided_expert: 'expert_assignments',
  follow_up_asked: 'expert_assignments',
  newsletter_issue: 'newsletter',
  credits_receipt: 'receipts',
  question_assigned: 'expert_assignments',
  application_staff: 'staff',
  contact_staff: 'staff',
  waitlist_confirmation: 'replies',
  application_received: 'replies',
  application_decided: 'replies',
};
