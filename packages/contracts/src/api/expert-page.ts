import { z } from 'zod';
import { USERNAME_PATTERN } from './account.js';
import { canonicalId } from './fields.js';
import { Expert } from './identity.js';

/**
 * An expert's public page, `/experts/<handle>`: identity's profile, and questions' record of
 * their answers, composed by the gateway (`GET /api/experts/<handle>`).
 */

/** How many of an expert's topics their page names, most frequent first. */
export const EXPERT_TOPICS_SHOWN = 8;

/**
 * A handle as it may appear in a path: any username (letters, digits, dots, dashes and
 * underscores) in any case. Anything else names nobody: a 404, as an unknown handle.
 */
export const ExpertHandleParam = z.object({
  handle: z.string().min(1).max(64).regex(USERNAME_PATTERN),
});
export type ExpertHandleParam = z.infer<typeof ExpertHandleParam>;

/**
 * Identity's `GET /api/experts/<handle>`: an approved expert's profile. `listed: false` is an
 * expert an admin delisted: their page stays (their answers stay public) but nobody may ask them.
 */
export const ExpertProfile = Expert.extend({ listed: z.boolean() });
export type ExpertProfile = z.infer<typeof ExpertProfile>;

/** Questions' record of one expert, by user id (questions knows no usernames). */
export const ExpertUserIdParam = z.object({ userId: canonicalId('userId') });

/** One of an expert's topics: a tag of their answered questions, and on how many. */
export const ExpertTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int().positive(),
});
export type ExpertTopic = z.infer<typeof ExpertTopic>;

/** Questions' `GET /api/questions/experts/<userId>`: what the archive holds of an expert. */
export const ExpertRecord = z.object({
  answeredCount: z.number().int().nonnegative(),
  /**
   * The average of the stars askers gave their answers, to one decimal; null until
   * MIN_RATINGS_SHOWN answers are rated (a rating or two says more about the raters).
   */
  rating: z.number().min(1).max(5).nullable(),
  /** How many of their answers are rated, also while that is too few to show a rating. */
  ratingCount: z.number().int().nonnegative(),
  /** The tags of their answered questions, most frequent first, at most EXPERT_TOPICS_SHOWN. */
  topics: z.array(ExpertTopic),
});
export type ExpertRecord = z.infer<typeof ExpertRecord>;

/** The gateway's `GET /api/experts/<handle>`: the profile and the record, for the page. */
export const ExpertPage = ExpertProfile.extend(ExpertRecord.shape);
export type ExpertPage = z.infer<typeof ExpertPage>;
