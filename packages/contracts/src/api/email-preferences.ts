/**
 * The kinds of email the product sends, which of them a member may switch off, and the bodies of
 * the preference and unsubscribe routes. The account page and the unsubscribe page read the
 * labels from here, so a kind reads the same in the email, on the page and in the API.
 */
import { z } from 'zod';

/** Kinds a member may switch off (each switchable email carries a one-click unsubscribe). */
export const SWITCHABLE_EMAIL_KINDS = [
  'question_status',
  'answers',
  'newsletter',
  'marketing',
] as const;
export type SwitchableEmailKind = (typeof SWITCHABLE_EMAIL_KINDS)[number];

/**
 * Kinds that are always sent: they protect an account, record a payment, carry the work of an
 * expert or of staff, or reply to something the recipient just sent.
 */
export const ALWAYS_SENT_EMAIL_KINDS = [
  'security',
  'receipts',
  'expert_assignments',
  'staff',
  'replies',
] as const;
export type AlwaysSentEmailKind = (typeof ALWAYS_SENT_EMAIL_KINDS)[number];

export type EmailKind = SwitchableEmailKind | AlwaysSentEmailKind;

export const isSwitchableEmailKind = (kind: string): kind is SwitchableEmailKind =>
  (SWITCHABLE_EMAIL_KINDS as readonly string[]).includes(kind);

export interface EmailKindInfo {
  label: string;
  /** What the kind's emails are about, as the account page lists it. */
  description: string;
  /** Why an always-sent kind cannot be switched off; absent for switchable kinds. */
  alwaysSentBecause?: string;
}

export const EMAIL_KIND_INFO: Readonly<Record<EmailKind, EmailKindInfo>> = {
  question_status: {
    label: 'Question updates',
    description:
      'When your question is approved or not approved, when it was not answered in time, or when its expert is no longer available (each with the credit refunded).',
  },
  answers: {
    label: 'Answers',
    description: 'When an expert answers one of your questions.',
  },
  newsletter: {
    label: 'Newsletter',
    description: 'News and highlights from the archive, now and then.',
  },
  marketing: {
    label: 'Tips and offers',
    description: 'The welcome after signing up, and tips on getting the most from your membership.',
  },
  security: {
    label: 'Security',
    description:
      'Confirmation links, changes to your password or email address, attempts to sign up with your address, and the closing of your account.',
    alwaysSentBecause: 'Always sent: they protect your account.',
  },
  receipts: {
    label: 'Receipts',
    description: 'A receipt for every payment.',
    alwaysSentBecause: 'Always sent: they are your record of what you paid.',
  },
  expert_assignments: {
    label: 'Questions assigned to you',
    description: 'When a moderator assigns you a question to answer.',
    alwaysSentBecause:
      'Always sent to experts: the 72-hour deadline starts at approval, and a missed one refunds the member.',
  },
  staff: {
    label: 'Staff notices',
    description: 'New expert applications and contact messages.',
    alwaysSentBecause: 'Always sent to staff: someone is waiting for an answer.',
  },
  replies: {
    label: 'Replies to your requests',
    description: 'Joining the waitlist, and the receipt and decision of an expert application.',
    alwaysSentBecause: 'Always sent: each answers something you just sent us.',
  },
};

/** `GET /api/account/email-preferences`: every switchable kind and whether it is sent. */
export const EmailPreferences = z.object({
  preferences: z.object({
    question_status: z.boolean(),
    answers: z.boolean(),
    newsletter: z.boolean(),
    marketing: z.boolean(),
  }),
  /** The kinds sent whatever the preferences say, for this account. */
  alwaysSent: z.array(z.enum(ALWAYS_SENT_EMAIL_KINDS)),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** `PUT /api/account/email-preferences`: the kinds to change (the others stay as they are). */
export const EmailPreferencesBody = z
  .strictObject(
    {
      question_status: z.boolean({ error: 'question_status must be true or false' }).optional(),
      answers: z.boolean({ error: 'answers must be true or false' }).optional(),
      newsletter: z.boolean({ error: 'newsletter must be true or false' }).optional(),
      marketing: z.boolean({ error: 'marketing must be true or false' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only these kinds can be switched off: ${SWITCHABLE_EMAIL_KINDS.join(', ')}.`
          : 'Send an object of kinds and true or false.',
    },
  )
  .refine((body) => Object.keys(body).length > 0, {
    message: `Name at least one kind: ${SWITCHABLE_EMAIL_KINDS.join(', ')}.`,
  });
export type EmailPreferencesBody = z.infer<typeof EmailPreferencesBody>;

/** The token of an unsubscribe or newsletter confirmation link, as a query parameter. */
export const EmailLinkQuery = z.object({
  token: z
    .string({ error: 'This link is not valid. Please open the whole link from the email.' })
    .trim()
    .min(1, 'This link is not valid. Please open the whole link from the email.')
    .max(1000, 'This link is not valid. Please open the whole link from the email.'),
});

/** `GET /api/unsubscribe/details?token=`: what the link would switch off, changing nothing. */
export const UnsubscribeDetails = z.object({
  kind: z.enum(SWITCHABLE_EMAIL_KINDS),
  label: z.string(),
  /** The address the emails go to, partly hidden (the link may have been forwarded). */
  address: z.string().nullable(),
  /** Whether that kind is still sent to it. */
  subscribed: z.boolean(),
});
export type UnsubscribeDetails = z.infer<typeof UnsubscribeDetails>;

/** `POST /api/unsubscribe?token=`: the kind is off. */
export const UnsubscribeDone = z.object({
  message: z.string(),
  kind: z.enum(SWITCHABLE_EMAIL_KINDS),
});
export type UnsubscribeDone = z.infer<typeof UnsubscribeDone>;

/** `POST /api/newsletter/confirm`: the token of the confirmation email's link. */
export const NewsletterConfirmBody = EmailLinkQuery;
export type NewsletterConfirmBody = z.infer<typeof NewsletterConfirmBody>;

/** `POST /api/notifications/newsletter` (admins): one issue, to every confirmed subscriber. */
export const NewsletterIssueBody = z.object({
  subject: z
    .string({ error: 'Please enter a subject.' })
    .trim()
    .min(1, 'Please enter a subject.')
    .max(200, 'The subject may take at most 200 characters.')
    .refine((value) => !/\p{Cc}/u.test(value), 'The subject must be a single line of text.'),
  text: z
    .string({ error: 'Please enter the text of the issue.' })
    .trim()
    .min(1, 'Please enter the text of the issue.')
    .max(20_000, 'The text may take at most 20000 characters.'),
});
export type NewsletterIssueBody = z.infer<typeof NewsletterIssueBody>;

/** The answer to an issue sent: how many subscribers it was queued for. */
export const NewsletterIssueQueued = z.object({
  message: z.string(),
  recipients: z.number().int(),
});
export type NewsletterIssueQueued = z.infer<typeof NewsletterIssueQueued>;
