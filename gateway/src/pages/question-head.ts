import type { Question } from '@uapqa/contracts';
import type { Context } from 'hono';
import { upstreamJson } from '../compose/upstream-json.js';
import type { Upstreams } from '../upstreams.js';
import { type PageHead, siteOrigin } from './head.js';

const QUESTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The head of `/questions/:id`, read from questions as a visitor reads it: only an answered
 * question has one, and its description is the answer's anonymous preview (the service cuts it),
 * so a link preview never shows more than a visitor may read. Null (the plain shell) when the
 * question is not public, or questions is down or slow: the page still works in the browser.
 */
export async function questionHead(
  c: Context,
  upstreams: Upstreams,
  publicUrl: string | undefined,
): Promise<PageHead | null> {
  const id = c.req.param('id') ?? '';
  if (!QUESTION_ID.test(id)) return null;
  const question = await upstreamJson<Question>(c, upstreams, 'questions', `/api/questions/${id}`);
  if (!question?.answer) return null;
  return {
    title: question.title,
    description: question.answer.content,
    url: `${siteOrigin(publicUrl, c.req.url)}/questions/${id}`,
  };
}
