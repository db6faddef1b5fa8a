import { ANONYMOUS_PREVIEW_CHARS, type ArchiveQuery } from '@uapqa/contracts';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, count, eq, exists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { cachedEstimate } from './archive-estimate.js';
import {
  afterCursor,
  archiveTiers,
  cursorAfter,
  mergedOrder,
  pageOrder,
  readCursor,
  tierOrder,
} from './archive-order.js';
import { questions, questionTags } from './db/schema.js';
import { headlinesOf } from './highlights.js';
import { fromQuestions, type QuestionRow } from './shape.js';

/**
 * An archive query as a reader makes it: `searchWhole` when they may read every answer whole
 * (a search then matches anywhere in an answer); otherwise search matches only what the preview
 * shows, so a word hidden in the rest of an answer cannot be confirmed by searching for it,
 * except in the answers `ownerId` wrote or asked for (which they read whole).
 */
export type ArchiveRead = ArchiveQuery & { searchWhole: boolean; ownerId?: number | null };

/** The reader whose own answers a search reads whole, when it does not read every answer so. */
const ownerOf = (query: ArchiveRead) => (query.searchWhole ? null : (query.ownerId ?? null));

/** Matches counted one by one; past this the total is the planner's estimate. */
export const COUNT_LIMIT = 1_000;

/** A value written into an archive statement, or the placeholder a prepared one takes it by. */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const byValue: Bind = (_name, value) => value;
const byPlaceholder: Bind = (name) => sql.placeholder(name);

/**
 * The page and count statements of an archive query (the benchmark runs them raw too). With
 * `bind = byPlaceholder` they take every value of the query as a placeholder, to be prepared
 * once per shape of query and executed with `archiveValues`.
 */
export function archiveQueries(db: Executor, query: ArchiveRead, bind: Bind = byValue) {
  const filters: SQL[] = [eq(questions.status, 'answered')];
  const search = query.search?.trim();
  const tsQuery = search ? sql`websearch_to_tsquery('english', ${bind('search', search)})` : null;
  if (tsQuery) filters.push(searchFilter(query, tsQuery, bind));
  if (query.categoryId)
    filters.push(sql`${questions.categoryId} = ${bind('categoryId', query.categoryId)}`);
  if (query.creatorId)
    filters.push(sql`${questions.assignedExpertId} = ${bind('creatorId', query.creatorId)}`);
  if (query.tagIds?.length) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(questionTags)
          .where(
            and(
              eq(questionTags.questionId, questions.id),
              // One array parameter: written as a plain value, drizzle would spread the array
              // into a list of parameters, which `::int[]` cannot cast.
              sql`${questionTags.tagId} = any(${bind('tagIds', sql.param(query.tagIds))}::int[])`,
            ),
          ),
      ),
    );
  }
  // Searching ranks in tiers: questions whose title matches, then those matching only in their
  // details or answer. ts_rank over every match would read all of them for each page.
  const titleMatch = tsQuery ? sql`${questions.titleVector} @@ ${tsQuery}` : null;
  const tiers = archiveTiers(query.sort, titleMatch);
  const offset = query.cursor ? 0 : (query.offset ?? 0);
  const cursor = readCursor(query);

  /**
   * One tier, in the query's order: a walk of the archive index (or the GIN index when matches
   * are rare) that stops after one page, whatever the archive's size.
   */
  const tierRows = (tier: (typeof tiers)[number]) => {
    const where: Array<SQL | undefined> = [...filters, tier.condition];
    if (cursor) {
      where.push(
        afterCursor(query.sort, tier, cursor, {
          at: bind('afterAt', cursor.a),
          id: bind('afterId', cursor.i),
        }),
      );
    }
    return db
      .select({
        id: questions.id,
        // A number, so that tier 10 follows tier 9 (sorting by rating, a search has 12 tiers).
        rank: sql<number>`${sql.raw(String(tier.rank))}::int`.as('rank'),
        answeredAt: questions.answeredAt,
      })
      .from(questions)
      .where(and(...where))
      .orderBy(...tierOrder(query.sort))
      .limit(bind('tierLimit', offset + query.limit + 1));
  };
  const [first, second, ...more] = tiers.map(tierRows);
  const candidates = second
    ? unionAll(first!, second, ...more)
        .orderBy(...mergedOrder(query.sort))
        .limit(bind('pageLimit', query.limit + 1))
        .offset(bind('offset', offset))
    : first!.offset(bind('offset', offset));
  const paged = candidates.as('page');
  const rows = fromQuestions(
    db,
    sql`${paged.rank}`,
    // Only a search marks its words, over what this reader is shown of each answer.
    tsQuery ? headlinesOf(tsQuery, answerShown(query, bind)) : undefined,
  )
    .innerJoin(paged, eq(paged.id, questions.id))
    // As an expression, the tier's number: a bare name would be the text the page selects.
    .orderBy(...pageOrder(query.sort, sql`(${paged.rank})::int`));
  // Counting every match of a million-row archive costs more than the page itself: count
  // exactly up to COUNT_LIMIT, and past it let the caller ask the planner for an estimate.
  const matching = db
    .select({ one: sql`1` })
    .from(questions)
    .where(and(...filters))
    .limit(COUNT_LIMIT + 1)
    .as('matching');
  const total = db.select({ total: count() }).from(matching);
  const estimate = db
    .select({ one: sql`1` })
    .from(questions)
    .where(and(...filters));
  return { rows, total, estimate };
}

/** Which stored vector a reader's search may match (see ArchiveRead). */
function searchFilter(query: ArchiveRead, tsQuery: SQL, bind: Bind): SQL {
  if (query.searchWhole) return sql`${questions.searchVector} @@ ${tsQuery}`;
  const previews = sql`${questions.previewVector} @@ ${tsQuery}`;
  const ownerId = ownerOf(query);
  if (ownerId === null) return previews;
  const me = bind('ownerId', ownerId);
  return sql`(${previews} or (${questions.searchVector} @@ ${tsQuery} and (${questions.assignedExpertId} = ${me} or ${questions.askerId} = ${me})))`;
}

/**
 * The part of each answer a reader is shown, which their search's marks are computed over: by
 * the same rule as `searchFilter` (the preview is what the preview vector reads).
 */
function answerShown(query: ArchiveRead, bind: Bind): SQL {
  if (query.searchWhole) return sql`${questions.answerContent}`;
  const preview = sql`left(${questions.answerContent}, ${sql.raw(String(ANONYMOUS_PREVIEW_CHARS))})`;
  const ownerId = ownerOf(query);
  if (ownerId === null) return preview;
  const me = bind('ownerId', ownerId);
  return sql`case when ${questions.assignedExpertId} = ${me} or ${questions.askerId} = ${me} then ${questions.answerContent} else ${preview} end`;
}

/** What a prepared archive statement takes, in the names `archiveQueries` binds them by. */
function archiveValues(query: ArchiveRead): Record<string, unknown> {
  const offset = query.cursor ? 0 : (query.offset ?? 0);
  const cursor = readCursor(query);
  return {
    search: query.search?.trim(),
    ownerId: ownerOf(query),
    categoryId: query.categoryId,
    creatorId: query.creatorId,
    tagIds: query.tagIds,
    afterAt: cursor?.a,
    afterId: cursor?.i,
    tierLimit: offset + query.limit + 1,
    pageLimit: query.limit + 1,
    offset,
  };
}

/**
 * The statements of one shape of archive query (which filters, which order, which cursor
 * tier), prepared once per database and reused.
 */
function preparedArchive(db: Executor, query: ArchiveRead) {
  const cursor = readCursor(query);
  const key = [
    query.search?.trim() ? (query.searchWhole ? 'w' : ownerOf(query) === null ? 's' : 'o') : '',
    query.categoryId ? 'c' : '',
    query.creatorId ? 'e' : '',
    query.tagIds?.length ? 't' : '',
  ].join('');
  // The order and the cursor's tier after the filters' letters, each behind its own mark, so
  // no two shapes of query share a name.
  const order = query.sort === 'newest' ? '' : `_${query.sort}`;
  const name = `archive_${key || 'all'}${order}${cursor ? `_r${cursor.r ?? '1'}` : ''}`;
  return preparedOnce(db, name, () => {
    const statements = archiveQueries(db, query, byPlaceholder);
    return {
      rows: statements.rows.prepare(`${name}_rows`),
      total: statements.total.prepare(`${name}_total`),
    };
  });
}

/**
 * The public archive: answered questions only, filtered (filters combine with AND; several
 * topics match any of them), searched with the stored full-text vector and ranked, in the
 * query's order (newest answer first by default). Pages follow a keyset cursor, so answers
 * arriving meanwhile cause no repeat or gap.
 */
export async function searchArchive(
  db: Executor,
  query: ArchiveRead,
): Promise<{ rows: QuestionRow[]; total: number; exact: boolean; nextCursor: string | null }> {
  const prepared = preparedArchive(db, query);
  const values = archiveValues(query);
  const [rows, [counted]] = await Promise.all([
    prepared.rows.execute(values),
    prepared.total.execute(values),
  ]);
  let total = counted?.total ?? 0;
  const exact = total <= COUNT_LIMIT;
  if (!exact) {
    const estimate = await cachedEstimate(
      db,
      estimateKey(query),
      () => archiveQueries(db, query).estimate,
    );
    total = Math.max(COUNT_LIMIT + 1, estimate);
  }
  const hasMore = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  const nextCursor =
    hasMore && last?.answeredAt
      ? cursorAfter(query.sort, { ...last, answeredAt: last.answeredAt })
      : null;
  return { rows: pageRows, total, exact, nextCursor };
}

/** The filters of a query, which its count depends on (not its page, cursor or order). */
function estimateKey(query: ArchiveRead): string {
  return JSON.stringify([
    query.search?.trim() ?? null,
    query.searchWhole,
    ownerOf(query),
    query.categoryId ?? null,
    query.creatorId ?? null,
    query.tagIds ?? null,
  ]);
}
