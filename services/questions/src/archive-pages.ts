import type { ArchiveQuery } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit';
import { LRUCache } from 'lru-cache';
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

export interface ArchivePages {
  get(query: ArchiveQuery): Promise<ArchivePage>;
  /**
   * Called once a write this process made to what the archive shows has committed (an answer,
   * a creator's name, a deleted topic): every page read before it is never served again.
   */
  changed(): void;
}

export interface ArchivePagesOptions {
  /** How long a page is served from memory; 0 reads every page from the database. */
  ttlMs: number;
  /** Memory held by remembered pages, counted in characters of their bodies. */
  maxChars: number;
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
 * Freshness: a write this process commits calls `changed()`, which starts a new generation of
 * keys, so this process serves its own writes at once (a read in flight keeps the old generation
 * and is never served again). Another replica's write, or a script's, shows here within `ttlMs`.
 */
export function archivePages(
  read: (query: ArchiveQuery) => Promise<ArchivePage>,
  options: ArchivePagesOptions,
): ArchivePages {
  if (options.ttlMs <= 0) return { get: read, changed: () => {} };
  let generation = 0;
  const pages = new LRUCache<string, ArchivePage, ArchiveQuery>({
    ttl: options.ttlMs,
    maxSize: options.maxChars,
    sizeCalculation: (page) => page.size,
    fetchMethod: (_key, _stale, { context }) => read(context),
  });
  return {
    async get(query) {
      const page = await pages.fetch(`${generation}:${pageKey(query)}`, { context: query });
      // fetch() resolves undefined only when a fetch is aborted, which nothing here does.
      return page ?? read(query);
    },
    changed() {
      generation++;
    },
  };
}
