import { z } from 'zod';
import { Role } from '../roles.js';
import { staffReason } from './fields.js';
import { ExpertProfileRecord, ExpertProfileStatus, IdentityUser } from './identity.js';
import { publishedAs } from './published-name.js';

/** `GET /api/admin/users`: filters and page of the user list. */
export const UserListQuery = z.object({
  role: Role.optional(),
  /** Only suspended accounts (true) or only the others (false). */
  suspended: z.enum(['true', 'false']).optional(),
  /** Only members with an active subscription, or only those without one. */
  subscription: z.enum(['active', 'inactive']).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** `GET /api/admin/creator-profiles`: which applications to list. */
export const ExpertProfilesQuery = z.object({
  status: ExpertProfileStatus.default('pending'),
});

/** A user as the admin's user management shows it. */
export const AdminUser = IdentityUser.extend({
  createdAt: z.string(),
  /** Whether the owner opened the link that confirms the address. */
  emailConfirmed: z.boolean(),
  /** Whether billing last announced an active subscription for the account. */
  subscriptionActive: z.boolean(),
  /** When the account last signed in (a new session), or null if it never has. */
  lastSignInAt: z.string().nullable(),
  /** When and why an admin suspended the account; both null when it is not suspended. */
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** `POST /api/admin/users/:id/suspension`: suspend (true) or lift the suspension (false). */
export const SuspensionBody = z.object({
  suspended: z.boolean({ error: 'suspended must be true or false' }),
  reason: staffReason(),
});
export type SuspensionBody = z.infer<typeof SuspensionBody>;

/** The answer to a setting change. */
export const SettingChange = z.object({
  key: z.string(),
  value: z.string(),
  waitlistEnabled: z.boolean(),
});

// Stored forms as answered: the trimmed-or-null text fields (transforms on input) are plain here.
const nullableText = z.string().nullable();
/** An expert profile application as stored, with its applicant. */
export const StoredExpertProfile = ExpertProfileRecord.extend({
  website: nullableText,
  socialLinks: nullableText,
});

/** The answer to a new expert profile application. */
export const ExpertProfileCreated = z.object({
  id: z.number().int(),
  status: ExpertProfileStatus,
  message: z.string(),
});

/** The answer to a public expert application. */
export const ExpertApplicationCreated = z.object({ id: z.number().int(), message: z.string() });

/** A plain acknowledgement. */
export const MessageAnswer = z.object({ message: z.string() });

/** A renewed session: the new token and refresh secret travel as cookies only. */
export const SessionRenewed = z.object({ expiresAt: z.string() });

/** What a suspended account is told when it tries to sign in. */
export const ACCOUNT_SUSPENDED =
  'This account is suspended, so it cannot sign in. If you think this is a mistake, please write to us through the contact form.';

// The API document keeps the names these schemas were published under.
publishedAs(ExpertProfilesQuery, 'CreatorProfilesQuery');
publishedAs(StoredExpertProfile, 'StoredCreatorProfile');
publishedAs(ExpertProfileCreated, 'CreatorProfileCreated');
