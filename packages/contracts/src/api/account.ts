/**
 * Signing up, confirming the address and signing in: the bodies identity's routes read, and
 * the forms of `/auth` built on them, so the browser refuses what the API would, in its words.
 */
import { z } from 'zod';
import { emailAddress, optionalLine, requiredLine } from './fields.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN_LENGTH = 8;

/** What `POST /api/register` says of an invitation link that was never given out. */
export const INVITATION_NOT_VALID =
  'This invitation link is not valid. Please open the link in your approval email again, or ask us for a new one through the contact form.';
/** A password being chosen (sign-up, reset, change): the same rules everywhere. */
export const newPassword = () =>
  z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters');

/** A password typed to prove who one is (not checked against the rules of a new one). */
export const typedPassword = (message = 'Password is required') =>
  z.string({ error: message }).min(1, message).max(256, message);

export const RegisterBody = z.object({
  username: requiredLine('Username is required', 'Username')
    .pipe(
      z
        .string()
        .min(3, 'Username must be at least 3 characters')
        .max(32, 'Username must be at most 32 characters'),
    )
    .pipe(
      z
        .string()
        .regex(
          USERNAME_PATTERN,
          'Username may contain only letters, digits, dots, dashes and underscores',
        ),
    ),
  email: emailAddress('Email is required'),
  password: newPassword(),
  firstName: optionalLine(100, 'First name'),
  lastName: optionalLine(100, 'Last name'),
  /**
   * The secret of an approved expert's invitation link (`/auth?invite=…`): while waitlist mode
   * closes registration, it lets the address it was sent to register, once.
   */
  invite: z.string().max(200, INVITATION_NOT_VALID).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `POST /api/register` and `POST /api/verify-email/resend` answer only this, whoever asked. */
export const RegisterAccepted = z.object({ message: z.string() });
export type RegisterAccepted = z.infer<typeof RegisterAccepted>;

/** The sentence of an accepted sign-up: the same for a new address and a known one. */
export const registerAcceptedMessage = (email: string) =>
  `We sent a link to ${email}. Open it to finish creating your account.`;

/** The token of a link mailed to an address (confirmation, password reset, address change). */
export const linkToken = (message = 'This confirmation link is not valid.') =>
  z.string({ error: message }).trim().min(1, message).max(200, message);

/**
 * `POST /api/verify-email`: the token of the link in the confirmation email, and the password
 * chosen at sign-up. Holding the link proves the address; typing the password proves that the
 * one who opened it also chose it, so nobody else's sign-up can be confirmed by the owner.
 */
export const VerifyEmailBody = z.object({
  token: linkToken(),
  password: typedPassword('Please enter the password you chose when you signed up.'),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** `POST /api/verify-email/resend`: the account's username or email address. */
export const ResendVerificationBody = z.object({
  username: requiredLine('Please enter your email address or username.', 'Email or username').pipe(
    z.string().max(254, 'Please enter your email address or username.'),
  ),
});
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

export const LoginBody = z.object({
  username: requiredLine('Username is required', 'Username').pipe(z.string().max(254)),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** What the register form says, under the confirmation and as a toast, when the two differ. */
export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * The register form's fields: `RegisterBody` and the password typed a second time, which is
 * checked here and never sent (the output is the body `POST /api/register` takes).
 */
export const RegisterFields = RegisterBody.extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
    // Said even while another field is refused: a typing slip is worth knowing at once.
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  })
  .transform(({ confirmPassword: _, ...body }) => body);

/** `POST /api/password-reset`: the address of the account whose password was forgotten. */
export const PasswordResetBody = z.object({ email: emailAddress() });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** What `POST /api/password-reset` answers, whoever the address belongs to (or nobody). */
export const passwordResetAcceptedMessage = (email: string) =>
  `If ${email} belongs to an account, we sent it a link to choose a new password. The link works for an hour.`;

/** `POST /api/password-reset/confirm`: the token of the emailed link and the new password. */
export const PasswordResetConfirmBody = z.object({
  token: linkToken('This password reset link is not valid.'),
  password: newPassword(),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** `POST /api/account/password`: the current password and the new one. */
export const ChangePasswordBody = z.object({
  currentPassword: typedPassword('Please enter your current password.'),
  newPassword: newPassword(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** `POST /api/account/email`: the new address, and the password to prove who asks. */
export const ChangeEmailBody = z.object({
  email: emailAddress('Please enter the new email address.'),
  password: typedPassword('Please enter your password.'),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** What `POST /api/account/email` answers, whether or not the address is free. */
export const emailChangeAcceptedMessage = (email: string) =>
  `We sent a link to ${email}. Open it to confirm the change; until then your address stays the same.`;

/** `POST /api/account/email/confirm`: the token of the link mailed to the new address. */
export const EmailChangeConfirmBody = z.object({
  token: linkToken('This confirmation link is not valid.'),
});
export type EmailChangeConfirmBody = z.infer<typeof EmailChangeConfirmBody>;

/** `POST /api/account/email/confirm` answers the address the account now has. */
export const EmailChangeConfirmed = z.object({ message: z.string(), email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmed>;

/** Whether a form's two typings of a new password are both there (to compare them at once). */
const bothTyped =
  (first: string, second: string) =>
  ({ value }: { value: unknown }) => {
    const form = value as Record<string, unknown>;
    return typeof form[first] === 'string' && typeof form[second] === 'string';
  };

/** The reset page's fields: the new password twice; the output is what the API takes. */
export const NewPasswordFields = z
  .object({ password: newPassword(), confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
    when: bothTyped('password', 'confirmPassword'),
  })
  .transform(({ password }) => ({ password }));

/** The account page's password form: `ChangePasswordBody` and the new password again. */
export const ChangePasswordFields = ChangePasswordBody.extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
    when: bothTyped('newPassword', 'confirmPassword'),
  })
  .transform(({ confirmPassword: _, ...body }) => body);
