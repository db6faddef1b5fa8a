import { ExpertHandleParam, type ExpertProfile, expertPagePath } from '@uapqa/contracts';
import type { Context } from 'hono';
import { COMPOSE_TIMEOUT_MS } from '../compose/upstream-json.js';
import { replyJson, type Upstreams } from '../upstreams.js';
import { NO_SUCH_PAGE, type PageHead, type PageHeadAnswer, siteOrigin } from './head.js';

/** Past these lengths a search result or a link preview cuts the text anyway, mid-word. */
const TITLE_EXPERTISE_CHARS = 70;
const DESCRIPTION_CHARS = 200;

/** Text on one line, cut at a word before `max` characters with an ellipsis when longer. */
export function clipText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.\u2014-]+$/, '')}…`;
}

/** What an expert's page says it is: "<Name> — <expertise>", and their bio. */
export function expertPageHead(profile: ExpertProfile, origin: string): PageHead {
  const name =
    `${profile.user.firstName ?? ''} ${profile.user.lastName ?? ''}`.trim() ||
    profile.brandName ||
    profile.handle;
  const about = profile.expertise || profile.title;
  return {
    title: about ? `${name} — ${clipText(about, TITLE_EXPERTISE_CHARS)}` : name,
    description: profile.bio
      ? clipText(profile.bio, DESCRIPTION_CHARS)
      : `${name} answers members’ UFO/UAP questions. Read their answers in the archive.`,
    url: `${origin}${expertPagePath(profile.handle)}`,
    type: 'profile',
  };
}

/**
 * The head of `/experts/:handle`, from identity's profile (questions' figures are the page's to
 * show, not a preview's). An unknown handle, or one of no approved expert, is no page (404, the
 * shell still draws it). While identity is down or slow the page is the plain shell with a 200:
 * whether the expert exists is not known, and the page still works in the browser.
 */
export async function expertHead(
  c: Context,
  upstreams: Upstreams,
  publicUrl: string | undefined,
): Promise<PageHeadAnswer> {
  const parsed = ExpertHandleParam.safeParse({ handle: c.req.param('handle') ?? '' });
  if (!parsed.success) return NO_SUCH_PAGE;
  const upstream = upstreams.identity;
  if (!upstream) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), COMPOSE_TIMEOUT_MS);
  });
  const answered = await Promise.race([
    upstream
      .call({
        method: 'GET',
        path: `/api/experts/${encodeURIComponent(parsed.data.handle)}`,
        headers: { 'x-request-id': c.get('requestId') ?? '' },
      })
      .catch(() => null),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (!answered) return null;
  if (answered.status === 404) return NO_SUCH_PAGE;
  if (answered.status !== 200) return null;
  try {
    return expertPageHead(replyJson<ExpertProfile>(answered), siteOrigin(publicUrl, c.req.url));
  } catch {
    return null;
  }
}
