import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { Role } from '../roles.js';

export const IDENTITY_STREAM = 'identity';

/** An account as the other services keep it: who to mail, how to name them, what they may do. */
const Account = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: Role,
});

/** A new account whose owner confirmed its email address: from here on it may be mailed. */
export const UserRegistered = defineEvent(IDENTITY_STREAM, 'UserRegistered', 1, Account);

export const CreatorApproved = defineEvent(
  IDENTITY_STREAM,
  'CreatorApproved',
  1,
  z.object({
    creatorId: z.number().int(),
    userId: z.number().int(),
    brandName: z.string().nullable(),
    bio: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    questionsPerWeek: z.number().int(),
  }),
);

export const SessionRevoked = defineEvent(
  IDENTITY_STREAM,
  'SessionRevoked',
  1,
  z.object({
    sessionId: z.string(),
    userId: z.number().int(),
    /** After this instant no token of the session can be valid anyway, so the entry may be forgotten. */
    expiresAt: z.iso.datetime(),
  }),
);

export const SettingChanged = defineEvent(
  IDENTITY_STREAM,
  'SettingChanged',
  1,
  z.object({ key: z.string(), value: z.string() }),
);

/**
 * An admin changed a user's role (approving an expert profile included). It carries the whole
 * user, like UserRegistered, so a service that missed the registration still gets the account.
 */
export const UserRoleChanged = defineEvent(
  IDENTITY_STREAM,
  'UserRoleChanged',
  1,
  Account.extend({ previousRole: Role }),
);

/**
 * An admin suspended an account (`suspended`) or lifted its suspension, with the reason. A
 * suspended account cannot sign in and its sessions have ended; billing stops renewing its
 * subscription.
 */
export const UserSuspensionChanged = defineEvent(
  IDENTITY_STREAM,
  'UserSuspensionChanged',
  1,
  z.object({
    userId: z.number().int(),
    suspended: z.boolean(),
    reason: z.string(),
    changedBy: z.number().int(),
  }),
);

/** A visitor sent the public expert application (`/apply`). */
export const ExpertApplicationSubmitted = defineEvent(
  IDENTITY_STREAM,
  'ExpertApplicationSubmitted',
  1,
  z.object({
    applicationId: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string().nullable(),
    duration: z.number().int(),
    questionsPerWeek: z.number().int(),
    description: z.string().nullable(),
    submittedAt: z.iso.datetime(),
  }),
);

/** An admin approved or declined a public expert application, with an optional note. */
export const ExpertApplicationDecided = defineEvent(
  IDENTITY_STREAM,
  'ExpertApplicationDecided',
  1,
  z.object({
    applicationId: z.number().int(),
    name: z.string(),
    email: z.string(),
    decision: z.enum(['approved', 'declined']),
    note: z.string().nullable(),
    decidedBy: z.number().int(),
    decidedAt: z.iso.datetime(),
    /**
     * An approval's invitation: the secret of the link that lets the applicant's address
     * register while waitlist mode is on, once, until `expiresAt`. Only its hash is kept by
     * identity; notifications mails the link to the applicant. Absent on a refusal (and on
     * approvals published before invitations existed).
     */
    invitation: z.object({ token: z.string(), expiresAt: z.iso.datetime() }).nullish(),
  }),
);

/**
 * An approved expert was taken off, or put back on, the lists members choose from: the public
 * experts list, the ask form, the windows and staff's assignment choices. `demoted`: their role
 * changed away from expert; `delisted`/`relisted`: an admin's choice; `deleted`: the account is
 * gone. Their past answers stay in the archive either way.
 */
export const CreatorListingChanged = defineEvent(
  IDENTITY_STREAM,
  'CreatorListingChanged',
  1,
  z.object({
    creatorId: z.number().int(),
    userId: z.number().int(),
    listed: z.boolean(),
    reason: z.enum(['demoted', 'delisted', 'relisted', 'deleted']),
  }),
);

/**
 * Someone signed up (or asked for the link again) with an address not confirmed yet. The token
 * is the secret of the confirmation link, sent only to that address; identity keeps only its
 * hash. Notifications mails the link and nothing else until `UserRegistered` (the confirmation).
 */
export const EmailVerificationRequested = defineEvent(
  IDENTITY_STREAM,
  'EmailVerificationRequested',
  1,
  z.object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    token: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);

/**
 * Someone tried to create an account with the address of an existing, confirmed account. The
 * sign-up answers as for a new address (nobody learns who has an account); the owner is told.
 */
export const SignUpWithExistingEmail = defineEvent(
  IDENTITY_STREAM,
  'SignUpWithExistingEmail',
  1,
  z.object({
    userId: z.number().int(),
    email: z.string(),
    username: z.string(),
    firstName: z.string().nullable(),
  }),
);

/**
 * An admin invited someone to an account with a role. The token is the secret of the link
 * mailed to the address, with which the invited person chooses a password and so creates the
 * account; identity keeps only its hash.
 */
export const AccountInvited = defineEvent(
  IDENTITY_STREAM,
  'AccountInvited',
  1,
  z.object({
    invitationId: z.number().int(),
    email: z.string(),
    username: z.string(),
    firstName: z.string().nullable(),
    role: Role,
    token: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);

/**
 * Someone asked for a password-reset link for a confirmed account. The token is the link's
 * secret, mailed only to the account's address; identity keeps only its hash.
 */
export const PasswordResetRequested = defineEvent(
  IDENTITY_STREAM,
  'PasswordResetRequested',
  1,
  z.object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    token: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);

/**
 * An account's password changed (`reset`: through an emailed link; `changed`: by its signed-in
 * owner). Its owner is told at the account's address, whatever their email preferences.
 */
export const PasswordChanged = defineEvent(
  IDENTITY_STREAM,
  'PasswordChanged',
  1,
  z.object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    how: z.enum(['reset', 'changed']),
    changedAt: z.iso.datetime(),
  }),
);

/**
 * A signed-in owner asked to move their account to another address. The current address is
 * told; the new one gets the link (`token`), or, when it already belongs to an account, a
 * notice without a link (`token` null): the asker is answered the same either way.
 */
export const EmailChangeRequested = defineEvent(
  IDENTITY_STREAM,
  'EmailChangeRequested',
  1,
  z.object({
    userId: z.number().int(),
    currentEmail: z.string(),
    newEmail: z.string(),
    firstName: z.string().nullable(),
    token: z.string().nullable(),
    expiresAt: z.iso.datetime(),
  }),
);

/**
 * The link sent to a new address was opened: the account has that address from now on. It
 * carries the whole account (services keeping a copy renew it) and the address it replaced,
 * which is told.
 */
export const UserEmailChanged = defineEvent(
  IDENTITY_STREAM,
  'UserEmailChanged',
  1,
  Account.extend({ previousEmail: z.string() }),
);

/**
 * A member closed their account (with their password). Identity has already removed what names
 * them; each service now removes its own copy of their personal data, keeping only what has to
 * stay (receipts, published answers) keyed by the bare user id. The address travels once more so
 * notifications can drop mail queued for it and send the one confirmation.
 */
export const AccountClosed = defineEvent(
  IDENTITY_STREAM,
  'AccountClosed',
  1,
  z.object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    role: Role,
    closedAt: z.iso.datetime(),
  }),
);

export const identityEvents = [
  AccountClosed,
  UserRegistered,
  EmailVerificationRequested,
  SignUpWithExistingEmail,
  CreatorApproved,
  SessionRevoked,
  SettingChanged,
  UserRoleChanged,
  ExpertApplicationSubmitted,
  ExpertApplicationDecided,
  CreatorListingChanged,
  PasswordResetRequested,
  PasswordChanged,
  EmailChangeRequested,
  UserEmailChanged,
  AccountInvited,
  UserSuspensionChanged,
];
