// Kept apart from the schemas: a page that reads a role's name does not download zod.
/** 'user' is the subscriber role; pages and emails call it both. */
export const ROLES = ['user', 'expert', 'moderator', 'admin'] as const;
type RoleName = (typeof ROLES)[number];

export const STAFF_ROLES: readonly RoleName[] = ['moderator', 'admin'];

/** Each role as a sentence names it ("invited as a moderator"). */
export const ROLE_NAMES: Readonly<Record<RoleName, string>> = {
  user: 'a member',
  expert: 'an expert',
  moderator: 'a moderator',
  admin: 'an administrator',
};
