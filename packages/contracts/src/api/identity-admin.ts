import { z } from 'zod';
import { Role } from '../roles.js';
import { CreatorApplicationStatus, CreatorProfileRecord, IdentityUser } from './identity.js';

/** `GET /api/admin/users`: filters and page of the user list. */
export const UserListQuery = z.object({
  role: Role.optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** `GET /api/admin/creator-profiles`: which applications to list. */
export const CreatorProfilesQuery = z.object({
  status: CreatorApplicationStatus.default('pending'),
});

/** A user as the admin list shows it. */
export const AdminUser = IdentityUser.extend({ createdAt: z.string() });
export type AdminUser = z.infer<typeof AdminUser>;

/** The answer to a setting change. */
export const SettingChange = z.object({
  key: z.string(),
  value: z.string(),
  waitlistEnabled: z.boolean(),
});

// Stored forms as answered: the trimmed-or-null text fields (transforms on input) are plain here.
const nullableText = z.string().nullable();
/** An expert profile application as stored, with its applicant. */
export const StoredCreatorProfile = CreatorProfileRecord.extend({
  website: nullableText,
  socialLinks: nullableText,
});

/** The answer to a new expert profile application. */
export const CreatorProfileCreated = z.object({
  id: z.number().int(),
  status: CreatorApplicationStatus,
  message: z.string(),
});

/** The answer to a public expert application. */
export const ExpertApplicationCreated = z.object({ id: z.number().int(), message: z.string() });

/** A plain acknowledgement. */
export const MessageAnswer = z.object({ message: z.string() });

/** A renewed session: the new token and refresh secret travel as cookies only. */
export const SessionRenewed = z.object({ expiresAt: z.string() });
