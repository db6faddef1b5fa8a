import { QUESTION_ID_PATTERN, type Question } from '@uapqa/contracts';
import type { Context } from 'hono';
import { COMPOSE_TIMEOUT_MS } from '../compose/upstream-json.js';
import { replyJson, type Upstreams } from '../upstreams.js';
import { NO_SUCH_PAGE, type PageHeadAnswer, siteOrigin } from './head.js';
import { qaPage } from './json-ld.js';
import { publicPreview } from './public-answer.js';

/**
 * The head of `/questions/:id`, read from questions as a visitor reads it (the caller's session
 * is never forwarded, so the page is the same whoever asks and a cache may keep it): only an
 * answered question has one, and its description and its QAPage JSON-LD carry the answer's
 * anonymous preview (the service cuts it), so a link preview or a crawler never gets more than
 * a visitor may read. A question that does not exist,
 * or that a visitor may not read, is no page (404, the shell still draws it: its asker, signed
 * in, still reads it there). When questions is down or slow the page is the plain shell with a
 * 200: whether the question exists is not known, and the page still works in the browser.
 */
export async function questionHead(
  c: Context,
  upstreams: Upstreams,
  publicUrl: string | undefined,
): Promise<PageHeadAnswer> {
  const id = c.req.param('id') ?? '';
  if (!QUESTION_ID_PATTERN.test(id)) return NO_SUCH_PAGE;
  const upstream = upstreams.questions;
  if (!upstream) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), COMPOSE_TIMEOUT_MS);
  });
  const answered = await Promise.race([
    upstream
      .call({
        method: 'GET',
        path: `/api/questions/${id}`,
        headers: { 'x-request-id': c.get('requestId') ?? '' },
      })
      .catch(() => null),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (!answered) return null;
  if (answered.status === 404) return NO_SUCH_PAGE;
  if (answered.status !== 200) return null;
  let question: Question;
  try {
    question = replyJson<Question>(answered);
  } catch {
    return null;
  }
  const { answer } = question;
  if (!answer) return NO_SUCH_PAGE;
  const url = `${siteOrigin(publicUrl, c.req.url)}/questions/${id}`;
  return {
    title: question.title,
    description: publicPreview(answer),
    url,
    jsonLd: qaPage({ ...question, answer }, url),
  };
}
