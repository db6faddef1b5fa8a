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
  }),
);

/**
 * An approved expert was taken off, or put back on, the lists members choose from: the public
 * creators list, the ask form, the windows and staff's assignment choices. `demoted`: their role
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

export const identityEvents = [
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
];
