import { z } from 'zod';
import { ROLES } from './role-names.js';

export { ROLE_NAMES, ROLES, STAFF_ROLES } from './role-names.js';
export const Role = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` });
export type Role = z.infer<typeof Role>;
