import { z } from 'zod';
import { QUESTION_ID_PATTERN } from './fields.js';

/** `GET /api/my-questions/summary`: how many questions the caller asked, in all and by status. */
export const MyQuestionsSummary = z.object({
  asked: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  answered: z.number().int(),
});
export type MyQuestionsSummary = z.infer<typeof MyQuestionsSummary>;

/** `GET /api/questions/sitemap`: one page of answered questions, oldest answer first. */
export const SitemapQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50_000, 'limit must be at most 50000')
    .default(50_000),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(1_000_000_000, 'offset is too large')
    .default(0),
});
export type SitemapQuery = z.infer<typeof SitemapQuery>;

/** An answered question's page, as a sitemap lists it. */
export const SitemapEntry = z.object({ id: z.string(), answeredAt: z.string() });
export type SitemapEntry = z.infer<typeof SitemapEntry>;

/** One page of sitemap entries and the number of answered questions in all. */
export const SitemapPage = z.object({ total: z.number().int(), entries: z.array(SitemapEntry) });
export type SitemapPage = z.infer<typeof SitemapPage>;

/** A question id in a path: the API gives out lower-case UUIDs only, and knows no other spelling. */
export const QuestionIdParam = z.object({
  id: z.string().regex(QUESTION_ID_PATTERN, { error: 'No such question.' }),
});
