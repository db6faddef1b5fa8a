import { z } from 'zod';

/** 'user' is the subscriber role; pages and emails call it both. */
export const ROLES = ['user', 'expert', 'moderator', 'admin'] as const;
export const Role = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` });
export type Role = z.infer<typeof Role>;

export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];
