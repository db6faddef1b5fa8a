/**
 * A member's own data (`GET /api/account/export`) and closing an account (`DELETE
 * /api/account`). Each service answers its own part; the gateway puts them in one file.
 */
import { z } from 'zod';
import { Role } from '../roles.js';

export const CloseAccountBody = z.object({
  password: z
    .string({ error: 'Please type your password to close your account.' })
    .min(1, 'Please type your password to close your account.')
    .max(256, 'Password must be at most 256 characters'),
});
export type CloseAccountBody = z.infer<typeof CloseAccountBody>;

/** Identity's part: who the member is, their sign-ins and their expert profile. */
export const IdentityExport = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: Role,
    createdAt: z.string(),
    emailVerifiedAt: z.string().nullable(),
  }),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  creatorProfiles: z.array(
    z.object({
      brandName: z.string(),
      bio: z.string(),
      credentials: z.string(),
      expertise: z.string(),
      website: z.string().nullable(),
      socialLinks: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type IdentityExport = z.infer<typeof IdentityExport>;

/** Questions' part: what the member asked, with the answers received, and answers they gave. */
export const QuestionsExport = z.object({
  asked: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      content: z.string(),
      context: z.string().nullable(),
      sources: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
      answer: z.object({ content: z.string(), answeredAt: z.string() }).nullable(),
    }),
  ),
  answered: z.array(
    z.object({
      questionId: z.string(),
      title: z.string(),
      answer: z.string(),
      answeredAt: z.string(),
    }),
  ),
});
export type QuestionsExport = z.infer<typeof QuestionsExport>;

/** Billing's part: the subscription, every ledger entry and every payment. */
export const BillingExport = z.object({
  subscription: z
    .object({
      status: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      lapsedAt: z.string().nullable(),
    })
    .nullable(),
  balance: z.number().int(),
  ledger: z.array(z.object({ delta: z.number().int(), kind: z.string(), createdAt: z.string() })),
  payments: z.array(
    z.object({
      id: z.string(),
      purpose: z.string(),
      amountCents: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
});
export type BillingExport = z.infer<typeof BillingExport>;

/** Notifications' part: every email sent (or waiting to be sent) to the member. */
export const NotificationsExport = z.object({
  emails: z.array(
    z.object({
      template: z.string(),
      subject: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  newsletter: z.boolean(),
});
export type NotificationsExport = z.infer<typeof NotificationsExport>;

/** A part its service could not give: not deployed here (the export says so, never drops it). */
export const UnavailablePart = z.object({
  available: z.literal(false),
  service: z.string(),
  message: z.string(),
});

const part = <T extends z.ZodType>(schema: T) =>
  z.union([z.object({ available: z.literal(true), data: schema }), UnavailablePart]);

export const AccountExport = z.object({
  exportedAt: z.string(),
  userId: z.number().int(),
  identity: part(IdentityExport),
  questions: part(QuestionsExport),
  billing: part(BillingExport),
  notifications: part(NotificationsExport),
});
export type AccountExport = z.infer<typeof AccountExport>;
