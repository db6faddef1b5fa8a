import type { HighlightSegment, Question, SearchHighlights } from '@uapqa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { questions } from './db/schema.js';

/**
 * What `ts_headline` puts around a matched word: two characters of Unicode's private use area,
 * which no keyboard types and no text of the archive needs. They never leave the service: the
 * API sends the runs between them as segments, which a client draws as text and marks.
 */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
/** Every word of the text kept (not a fragment): the card shows the texts whole. */
const HEADLINE_OPTIONS = sql.raw(
  `'HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}'`,
);

/** A search page's marked title, details and answer, as `ts_headline` writes them. */
export type Headlines = [title: string, content: string, answer: string | null];

/**
 * The headlines of a searched question, computed over what the reader is shown: `answerShown`
 * is the whole answer for a reader of whole answers, its preview (`left(answer, 100)`, as the
 * preview vector reads it) for anyone else, so no mark can fall on a hidden word.
 */
export function headlinesOf(tsQuery: SQL, answerShown: SQL): SQL<Headlines> {
  const headline = (text: SQL) =>
    sql`ts_headline('english', ${text}, ${tsQuery}, ${HEADLINE_OPTIONS})`;
  return sql<Headlines>`json_build_array(${headline(sql`${questions.title}`)}, ${headline(sql`${questions.content}`)}, ${headline(answerShown)})`;
}

/** Appends a run to `segments`, joined to the one before it when both are marked or not. */
function push(segments: HighlightSegment[], text: string, match: boolean): void {
  if (!text) return;
  const last = segments.at(-1);
  if (last && last.match === match) last.text += text;
  else segments.push({ text, match });
}

/**
 * A headline as segments of `shown`, the text the reader was sent; undefined when nothing is
 * marked. The segments are kept only when, joined, they give back `shown` exactly (with
 * `suffix`, the `...` of a preview, after them): a headline computed over any other text (or
 * a text that itself holds the marking characters) is dropped rather than shown.
 */
export function segmentsOf(
  headline: string | null | undefined,
  shown: string,
  suffix = '',
): HighlightSegment[] | undefined {
  if (!headline?.includes(MARK_START)) return undefined;
  if (shown.includes(MARK_START) || shown.includes(MARK_END)) return undefined;
  const [before, ...marked] = headline.split(MARK_START);
  const segments: HighlightSegment[] = [];
  push(segments, before ?? '', false);
  for (const part of marked) {
    const pieces = part.split(MARK_END);
    if (pieces.length !== 2) return undefined;
    push(segments, pieces[0] ?? '', true);
    push(segments, pieces[1] ?? '', false);
  }
  push(segments, suffix, false);
  const joined = segments.map((segment) => segment.text).join('');
  return joined === shown ? segments : undefined;
}

/**
 * The highlights of one question as sent to its reader: a field's marks only when they were
 * computed over exactly the text this reader receives (an answer's preview, or the whole of it).
 */
export function highlightsFor(
  question: Question,
  headlines: Headlines | null,
): SearchHighlights | undefined {
  if (!headlines) return undefined;
  const [title, content, answer] = headlines;
  const shownAnswer = question.answer;
  // A preview is the answer's opening and `...`: the headline was computed over the opening.
  const cut = shownAnswer?.truncated && shownAnswer.content.endsWith('...');
  const highlights: SearchHighlights = {
    title: segmentsOf(title, question.title),
    content: segmentsOf(content, question.content),
    answer: shownAnswer
      ? cut
        ? segmentsOf(answer, shownAnswer.content, '...')
        : segmentsOf(answer, shownAnswer.content)
      : undefined,
  };
  for (const key of Object.keys(highlights) as Array<keyof SearchHighlights>) {
    if (!highlights[key]) delete highlights[key];
  }
  return Object.keys(highlights).length > 0 ? highlights : undefined;
}
