import { type Question, SITE_NAME } from '@uapqa/contracts';
import type { Context, Hono } from 'hono';
import { upstreamJson } from '../compose/upstream-json.js';
import type { Upstreams } from '../upstreams.js';
import { FEED_PATH, FEED_TITLE, siteOrigin } from './head.js';
import { expertName, publicPreview } from './public-answer.js';

/** How many of the newest answers the feed carries. */
export const FEED_ENTRIES = 50;
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** An empty archive's feed still needs an `updated`: a fixed one, so its ETag does not move. */
const NOTHING_YET = '1970-01-01T00:00:00.000Z';

/**
 * Characters XML 1.0 does not allow at all, not even as references (control characters other
 * than tab and line ends, lone surrogates, U+FFFE and U+FFFF): one in a title would make the
 * whole feed unreadable to a strict parser, so they are dropped.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text as XML character data or an attribute value. The gateway has no XML library among its
 * dependencies, and a feed of plain text elements needs none: the five markup characters as
 * references and the characters XML forbids left out are all a text needs to stay text.
 */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

type AnsweredQuestion = Question & { answer: NonNullable<Question['answer']> };

function entry(origin: string, question: AnsweredQuestion): string {
  const url = xmlText(`${origin}/questions/${question.id}`);
  const answeredAt = xmlText(question.answer.createdAt);
  return [
    '  <entry>',
    `    <id>${url}</id>`,
    `    <title type="text">${xmlText(question.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${url}"/>`,
    `    <published>${answeredAt}</published>`,
    `    <updated>${answeredAt}</updated>`,
    `    <author><name>${xmlText(expertName(question.creator))}</name></author>`,
    `    <category term="${xmlText(question.category.name)}"/>`,
    `    <summary type="text">${xmlText(publicPreview(question.answer))}</summary>`,
    '  </entry>',
  ].join('\n');
}

/** The Atom document of the newest answers, newest first. */
export function atomFeed(origin: string, questions: readonly Question[]): string {
  const answered = questions.filter((question): question is AnsweredQuestion =>
    Boolean(question.answer),
  );
  const updated = answered[0]?.answer.createdAt ?? NOTHING_YET;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NS}">`,
    `  <id>${xmlText(`${origin}${FEED_PATH}`)}</id>`,
    `  <title type="text">${xmlText(FEED_TITLE)}</title>`,
    `  <subtitle type="text">Questions about UFOs and UAP answered by verified experts. Each entry is the answer's public preview; subscribers read it whole on ${xmlText(SITE_NAME)}.</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${origin}${FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${origin}/browse-qa`)}"/>`,
    `  <updated>${xmlText(updated)}</updated>`,
    `  <author><name>${xmlText(SITE_NAME)}</name></author>`,
    ...answered.map((question) => entry(origin, question)),
    '</feed>',
    '',
  ].join('\n');
}

/**
 * `GET /feed.xml`: the newest answered questions as an Atom feed, each the answer's public
 * preview. Read from questions' archive as a visitor reads it (no session is forwarded), so the
 * feed is the same whoever asks and a feed reader's cache or a proxy may keep it.
 */
export function mountFeed(
  app: Hono,
  upstreams: Upstreams,
  { publicUrl }: { publicUrl: string | undefined },
): void {
  app.get(FEED_PATH, async (c: Context) => {
    const newest = await upstreamJson<Question[]>(
      c,
      upstreams,
      'questions',
      `/api/questions?limit=${FEED_ENTRIES}&sort=newest`,
      { waitForIt: true },
    );
    if (!newest) {
      return c.text('The feed is not available right now; please try again later.', 503, {
        'Retry-After': '60',
      });
    }
    return c.body(atomFeed(siteOrigin(publicUrl, c.req.url), newest), 200, {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=600',
    });
  });
}
