import type { Body, RenderContext } from '../parts.js';
import { type AccountClosedData, accountClosed } from './account-closed.js';
import { type AccountInvitationData, accountInvitation } from './account-invitation.js';
import { type ApplicationDecidedData, applicationDecided } from './application-decided.js';
import { type ApplicationReceivedData, applicationReceived } from './application-received.js';
import { type ApplicationStaffData, applicationStaff } from './application-staff.js';
import { type ContactStaffData, contactStaff } from './contact-staff.js';
import { type CreditsReceiptData, creditsReceipt } from './credits-receipt.js';
import { type CreditsRefundedData, creditsRefunded } from './credits-refunded.js';
import { type EmailChangeConfirmData, emailChangeConfirm } from './email-change-confirm.js';
import { type EmailChangeRequestedData, emailChangeRequested } from './email-change-requested.js';
import { emailChangeTaken } from './email-change-taken.js';
import { type EmailChangedData, emailChanged } from './email-changed.js';
import { type EmailVerificationData, emailVerification } from './email-verification.js';
import { type ExpertUnavailableData, expertUnavailable } from './expert-unavailable.js';
import { type FollowUpAnsweredData, followUpAnswered } from './follow-up-answered.js';
import { type FollowUpAskedData, followUpAsked } from './follow-up-asked.js';
import {
  type NewsletterConfirmationData,
  newsletterConfirmation,
} from './newsletter-confirmation.js';
import { type NewsletterIssueData, newsletterIssue } from './newsletter-issue.js';
import { type PasswordChangedData, passwordChanged } from './password-changed.js';
import { type PasswordResetData, passwordReset } from './password-reset.js';
import { type QuestionAnsweredData, questionAnswered } from './question-answered.js';
import { type QuestionApprovedData, questionApproved } from './question-approved.js';
import { type QuestionAssignedData, questionAssigned } from './question-assigned.js';
import { type QuestionRejectedData, questionRejected } from './question-rejected.js';
import { type RefundDecidedData, refundDecided } from './refund-decided.js';
import { type RefundDecidedExpertData, refundDecidedExpert } from './refund-decided-expert.js';
import { type SignupExistingData, signupExisting } from './signup-existing.js';
import { waitlistConfirmation } from './waitlist-confirmation.js';
import { welcome } from './welcome.js';

/** Every message the service sends, with what its row stores to render it later. */
export interface MailData {
  email_verification: EmailVerificationData;
  signup_existing: SignupExistingData;
  welcome: Record<string, never>;
  question_assigned: QuestionAssignedData;
  question_approved: QuestionApprovedData;
  question_rejected: QuestionRejectedData;
  question_answered: QuestionAnsweredData;
  credits_receipt: CreditsReceiptData;
  credits_refunded: CreditsRefundedData;
  expert_unavailable: ExpertUnavailableData;
  waitlist_confirmation: Record<string, never>;
  application_received: ApplicationReceivedData;
  application_staff: ApplicationStaffData;
  application_decided: ApplicationDecidedData;
  account_closed: AccountClosedData;
  newsletter_confirmation: NewsletterConfirmationData;
  newsletter_issue: NewsletterIssueData;
  contact_staff: ContactStaffData;
  account_invitation: AccountInvitationData;
  password_reset: PasswordResetData;
  password_changed: PasswordChangedData;
  email_change_requested: EmailChangeRequestedData;
  email_change_confirm: EmailChangeConfirmData;
  email_change_taken: Record<string, never>;
  email_changed: EmailChangedData;
  follow_up_asked: FollowUpAskedData;
  follow_up_answered: FollowUpAnsweredData;
  refund_decided: RefundDecidedData;
  refund_decided_expert: RefundDecidedExpertData;
}
export type MailTemplate = keyof MailData;
export const MAIL_TEMPLATES = [
  'email_verification',
  'signup_existing',
  'welcome',
  'question_assigned',
  'question_approved',
  'question_rejected',
  'question_answered',
  'credits_receipt',
  'credits_refunded',
  'expert_unavailable',
  'waitlist_confirmation',
  'application_received',
  'application_staff',
  'application_decided',
  'contact_staff',
  'newsletter_confirmation',
  'newsletter_issue',
  'account_invitation',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_change_confirm',
  'email_change_taken',
  'email_changed',
  'account_closed',
  'follow_up_asked',
  'follow_up_answered',
  'refund_decided',
  'refund_decided_expert',
] as const satisfies readonly MailTemplate[];

/** Which messages concern a question (their title is looked up at delivery). */
export const QUESTION_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'question_assigned',
  'question_approved',
  'question_rejected',
  'credits_refunded',
  'expert_unavailable',
]);

type Renderers = {
  [T in MailTemplate]: (data: MailData[T], context: RenderContext) => Body;
};

export const renderers: Renderers = {
  email_verification: emailVerification,
  signup_existing: signupExisting,
  welcome: welcome,
  question_assigned: questionAssigned,
  question_approved: questionApproved,
  question_rejected: questionRejected,
  question_answered: questionAnswered,
  credits_receipt: creditsReceipt,
  credits_refunded: creditsRefunded,
  expert_unavailable: expertUnavailable,
  waitlist_confirmation: waitlistConfirmation,
  application_received: applicationReceived,
  application_staff: applicationStaff,
  application_decided: applicationDecided,
  account_closed: accountClosed,
  newsletter_confirmation: newsletterConfirmation,
  newsletter_issue: newsletterIssue,
  contact_staff: contactStaff,
  account_invitation: accountInvitation,
  password_reset: passwordReset,
  password_changed: passwordChanged,
  email_change_requested: emailChangeRequested,
  email_change_confirm: emailChangeConfirm,
  email_change_taken: emailChangeTaken,
  email_changed: emailChanged,
  follow_up_asked: followUpAsked,
  follow_up_answered: followUpAnswered,
  refund_decided: refundDecided,
  refund_decided_expert: refundDecidedExpert,
};
