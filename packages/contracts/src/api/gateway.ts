import { z } from 'zod';
import { Expert } from './identity.js';
import { publishedAs } from './published-name.js';
import { QuestionWindow } from './questions.js';

/**
 * The answers the gateway composes itself from several services. The staff and member pages
 * read them with these types.
 */

/** How the gateway finds a service behind it. */
export const UpstreamState = z.enum(['ready', 'not ready', 'unreachable', 'not deployed']);
export type UpstreamState = z.infer<typeof UpstreamState>;

/** `GET /api/health`: degraded when a deployed service is not ready. */
export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), UpstreamState),
});
export type Health = z.infer<typeof Health>;

/** `GET /api/platform-stats`: the public figures of the landing page. */
export const PlatformStats = z.object({
  members: z.number().int(),
  experts: z.number().int(),
  questionsAnswered: z.number().int(),
});
export type PlatformStats = z.infer<typeof PlatformStats>;

/** `GET /api/admin/stats`: the staff dashboard's figures, from billing, questions and moderation. */
export const AdminStats = z.object({
  activeSubscribers: z.number().int(),
  monthlyRevenue: z.number(),
  questionsThisMonth: z.number().int(),
  totalQuestions: z.number().int(),
  activeExperts: z.number().int(),
  awaitingReview: z.number().int(),
  decidedThisMonth: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** `GET /api/creators`: an approved expert with the question window open now, when there is one. */
export const ExpertWithWindow = Expert.extend({
  window: QuestionWindow.omit({ creatorId: true }).optional(),
});
export type ExpertWithWindow = z.infer<typeof ExpertWithWindow>;

// The API document keeps the names these schemas were published under.
publishedAs(ExpertWithWindow, 'CreatorWithWindow');
