import { z } from 'zod';
import { FORM_TEXT_MAX } from '../constants.js';
import { emailAddress, optionalLine, requiredLine, requiredText } from './fields.js';

/** Where a sign-up form sits: the waitlist has three, the newsletter one. */
export const WAITLIST_SOURCES = ['hero', 'footer', 'page'] as const;
export const NEWSLETTER_SOURCES = ['footer'] as const;

const source = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `source must be one of: ${values.join(', ')}` });

/** `POST /api/waitlist/join`. The email is trimmed and lower-cased. */
export const WaitlistJoinBody = z.object({
  email: emailAddress(),
  source: source(WAITLIST_SOURCES),
});
export type WaitlistJoinBody = z.infer<typeof WaitlistJoinBody>;

/** `POST /api/newsletter/subscribe`. */
export const NewsletterSubscribeBody = z.object({
  email: emailAddress(),
  source: source(NEWSLETTER_SOURCES),
});
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBody>;

/** `POST /api/contact`: name, email and message required; subject optional. */
export const ContactBody = z.object({
  name: requiredLine('Please enter your name.', 'Name').pipe(
    z.string().max(FORM_TEXT_MAX.name, `Name must be at most ${FORM_TEXT_MAX.name} characters`),
  ),
  email: emailAddress(),
  subject: optionalLine(FORM_TEXT_MAX.subject, 'Subject'),
  message: requiredText('Please enter your message.', 'The message').pipe(
    z
      .string()
      .max(FORM_TEXT_MAX.message, `Message must be at most ${FORM_TEXT_MAX.message} characters`),
  ),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** Success body of the three public forms. */
export const FormAccepted = z.object({ message: z.string() });
export type FormAccepted = z.infer<typeof FormAccepted>;

/** A refused contact message: `error` (what the contact form reads), plus the `message` every error body has. */
export const ContactFailure = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ContactFailure = z.infer<typeof ContactFailure>;

/** `GET /api/notifications/stats` (admins): list sizes and the state of the mail outbox. */
export const NotificationsStats = z.object({
  waitlist: z.number().int(),
  /** Confirmed subscribers (an address counts once its confirmation link was opened). */
  newsletter: z.number().int(),
  contactMessages: z.number().int(),
  /** `skipped`: never sent, by the recipient's preferences or a limit (the row says which). */
  mail: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type NotificationsStats = z.infer<typeof NotificationsStats>;
