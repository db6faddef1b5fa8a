import { z } from 'zod';

/** 'user' is the subscriber role; pages and emails call it both. */
export const ROLES = ['user', 'expert', 'moderator', 'admin'] as const;
export const Role = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` });
export type Role = z.infer<typeof Role>;

export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

/** Each role as a sentence names it ("invited as a moderator"). */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  user: 'a member',
  expert: 'an expert',
  moderator: 'a moderator',
  admin: 'an administrator',
};
