/**
 * Signing up, confirming the address and signing in: the bodies identity's routes read, and
 * the forms of `/auth` built on them, so the browser refuses what the API would, in its words.
 */
import { z } from 'zod';
import { emailAddress, optionalLine, requiredLine } from './fields.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN_LENGTH = 8;

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
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters'),
  firstName: optionalLine(100, 'First name'),
  lastName: optionalLine(100, 'Last name'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `POST /api/register` and `POST /api/verify-email/resend` answer only this, whoever asked. */
export const RegisterAccepted = z.object({ message: z.string() });
export type RegisterAccepted = z.infer<typeof RegisterAccepted>;

/** The sentence of an accepted sign-up: the same for a new address and a known one. */
export const registerAcceptedMessage = (email: string) =>
  `We sent a link to ${email}. Open it to finish creating your account.`;

/** `POST /api/verify-email`: the token of the link in the confirmation email. */
export const VerifyEmailBody = z.object({
  token: z
    .string({ error: 'This confirmation link is not valid.' })
    .trim()
    .min(1, 'This confirmation link is not valid.')
    .max(200, 'This confirmation link is not valid.'),
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
