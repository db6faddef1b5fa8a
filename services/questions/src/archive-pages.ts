import { type Remembered, remembered } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { type ArchiveRead, searchArchive } from './archive.js';
import { highlightsFor } from './highlights.js';
import { type AnswerReader, readsWhole, VISITOR } from './readers.js';
import { toQuestions } from './shape.js';

/** One page of the public archive as it is served: its JSON bodies and paging headers. */
export interface ArchivePage {
  total: number;
  exact: boolean;
  nextCursor: string | null;
  /**
   * The page for a reader: every answer whole for subscribers and staff, previews for everyone
   * else (each of these two rendered once), except that a reader's own answers (as the expert
   * who wrote them or the member who asked) are whole for them, rendered for them alone.
   */
  body(reader: AnswerReader): string;
  /** About how much memory the page holds once both bodies are rendered, in characters. */
  size: number;
}

/**
 * Told, by `changed()`, of every committed write to what the archive shows (an answer, a
 * expert's name, a deleted topic): no page read before it is served again.
 */
export type ArchivePages = Remembered<ArchiveRead, ArchivePage>;

export interface ArchivePagesOptions {
  /** How long a page is served from memory; 0 reads every page from the database. */
  ttlMs: number;
  /** Memory held by remembered pages, counted in characters of their bodies. */
  maxChars: number;
  /** Where `ttlMs` is measured (default: `performance.now()`); tests pass a clock they move. */
  clock?: { now(): number };
}

/** Per question, what the JSON around its texts takes (names, dates, ids), generously. */
const QUESTION_FRAME_CHARS = 600;

/** Reads one page from the database; its bodies are rendered when first asked for. */
export async function readArchivePage(db: Executor, query: ArchiveRead): Promise<ArchivePage> {
  const { rows, total, exact, nextCursor } = await searchArchive(db, query);
  const rendered: { whole?: string; preview?: string } = {};
  // A search's page carries its marks, computed for the kind of reader the page is kept for
  // (`pageKey`); highlightsFor keeps only the marks of texts this reader is sent.
  const render = (reader: AnswerReader) =>
    JSON.stringify(
      toQuestions(rows, { reader, showNotes: false }).map((question, index) => {
        const highlights = highlightsFor(question, rows[index]?.headlines ?? null);
        return highlights ? { ...question, highlights } : question;
      }),
    );
  let texts = 0;
  for (const row of rows) {
    texts +=
      row.title.length +
      row.content.length +
      (row.context?.length ?? 0) +
      (row.sources?.length ?? 0) +
      (row.answerContent?.length ?? 0) +
      // A search's marked texts: each as long again, with its runs' JSON around them.
      (row.headlines
        ? 2 * (row.title.length + row.content.length + (row.answerContent?.length ?? 0))
        : 0) +
      QUESTION_FRAME_CHARS;
  }
  return {
    total,
    exact,
    nextCursor,
    size: Math.max(1, 2 * texts),
    body(reader) {
      if (reader.everyAnswer) {
        rendered.whole ??= render(reader);
        return rendered.whole;
      }
      if (rows.some((row) => readsWhole(reader, row))) return render(reader);
      rendered.preview ??= render(VISITOR);
      return rendered.preview;
    },
  };
}

/** The filters and position of a query, in one string: equal pages, equal keys. */
function pageKey(query: ArchiveRead): string {
  const tagIds = query.tagIds?.length ? [...new Set(query.tagIds)].sort((a, b) => a - b) : null;
  const search = query.search?.trim() || null;
  return JSON.stringify([
    search,
    // Without a search every reader gets the same rows: one page serves them all.
    search === null ? null : query.searchWhole ? 'whole' : (query.ownerId ?? 'preview'),
    query.categoryId ?? null,
    query.creatorId ?? null,
    tagIds,
    query.sort,
    query.limit,
    query.cursor ?? null,
    query.cursor ? 0 : (query.offset ?? 0),
  ]);
}

/**
 * The public archive's pages, remembered for `ttlMs`: most visitors read the same few pages (the
 * newest answers, a category, a popular search), which would otherwise cost PostgreSQL a
 * search each time. Callers asking for the same page at once share one read.
 *
 * Freshness: a write this process commits calls `changed()`, so this process serves its own
 * writes at once (a read in flight is never served after it). Another replica's write, or a
 * script's, shows here within `ttlMs`, unless it is followed on the bus.
 */
export function archivePages(
  read: (query: ArchiveRead) => Promise<ArchivePage>,
  options: ArchivePagesOptions,
): ArchivePages {
  return remembered(read, pageKey, {
    ttlMs: options.ttlMs,
    maxSize: options.maxChars,
    sizeOf: (page) => page.size,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
