import type { ArchiveQuery } from '@uapqa/contracts';
import { type Executor, type Remembered, remembered } from '@uapqa/service-kit';
import { searchArchive } from './archive.js';
import { toQuestions } from './shape.js';

export type ArchiveAudience = 'visitor' | 'member';

/** One page of the public archive as it is served: its JSON bodies and paging headers. */
export interface ArchivePage {
  total: number;
  exact: boolean;
  nextCursor: string | null;
  /** Visitors get answer previews, signed-in readers whole answers; each rendered once. */
  body(audience: ArchiveAudience): string;
  /** About how much memory the page holds once both bodies are rendered, in characters. */
  size: number;
}

/**
 * Told, by `changed()`, of every committed write to what the archive shows (an answer, a
 * creator's name, a deleted topic): no page read before it is served again.
 */
export type ArchivePages = Remembered<ArchiveQuery, ArchivePage>;

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
export async function readArchivePage(db: Executor, query: ArchiveQuery): Promise<ArchivePage> {
  const { rows, total, exact, nextCursor } = await searchArchive(db, query);
  const rendered: Partial<Record<ArchiveAudience, string>> = {};
  let texts = 0;
  for (const row of rows) {
    texts +=
      row.title.length +
      row.content.length +
      (row.context?.length ?? 0) +
      (row.sources?.length ?? 0) +
      (row.answerContent?.length ?? 0) +
      QUESTION_FRAME_CHARS;
  }
  return {
    total,
    exact,
    nextCursor,
    size: Math.max(1, 2 * texts),
    body(audience) {
      rendered[audience] ??= JSON.stringify(
        toQuestions(rows, { fullAnswers: audience === 'member', showNotes: false }),
      );
      return rendered[audience];
    },
  };
}

/** The filters and position of a query, in one string: equal pages, equal keys. */
function pageKey(query: ArchiveQuery): string {
  const tagIds = query.tagIds?.length ? [...new Set(query.tagIds)].sort((a, b) => a - b) : null;
  return JSON.stringify([
    query.search?.trim() || null,
    query.categoryId ?? null,
    query.creatorId ?? null,
    tagIds,
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
  read: (query: ArchiveQuery) => Promise<ArchivePage>,
  options: ArchivePagesOptions,
): ArchivePages {
  return remembered(read, pageKey, {
    ttlMs: options.ttlMs,
    maxSize: options.maxChars,
    sizeOf: (page) => page.size,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
