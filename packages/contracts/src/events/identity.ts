import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { Role } from '../roles.js';

export const IDENTITY_STREAM = 'identity';

export const UserRegistered = defineEvent(
  IDENTITY_STREAM,
  'UserRegistered',
  1,
  z.object({
    userId: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: Role,
  }),
);

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

export const identityEvents = [UserRegistered, CreatorApproved, SessionRevoked, SettingChanged];
