import type { ArchiveQuery } from '@uapqa/contracts';
import { isoInstant, keysetCursor } from '@uapqa/service-kit';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, asc, count, desc, eq, exists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { questions, questionTags } from './db/schema.js';
import { fromQuestions, type QuestionRow } from './shape.js';

/** Keyset position in the archive: the last row's ranking tier (when searching), answer time and id. */
const archiveCursor = keysetCursor(
  z.object({
    r: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .optional(),
    a: isoInstant,
    i: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  }),
);

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
  const offset = query.cursor ? 0 : (query.offset ?? 0);
  const cursor = query.cursor ? archiveCursor.decode(query.cursor) : null;
  const after = cursor
    ? sql`(${questions.answeredAt}, ${questions.id}) < (${bind('afterAt', cursor.a)}::timestamptz, ${bind('afterId', cursor.i)}::uuid)`
    : null;

  /**
   * One ranking tier, newest answer first: a walk of the archive index (or the GIN index when
   * matches are rare) that stops after one page, whatever the archive's size.
   */
  const tier = (rank: number, condition: SQL | null) => {
    const where: SQL[] = [...filters];
    if (condition) where.push(condition);
    if (cursor && after) {
      const cursorRank = Number(cursor.r ?? 1);
      if (cursorRank > rank) where.push(sql`false`);
      else if (cursorRank === rank) where.push(after);
    }
    return db
      .select({
        id: questions.id,
        rank: sql<string>`${String(rank)}::text`.as('rank'),
        answeredAt: questions.answeredAt,
      })
      .from(questions)
      .where(and(...where))
      .orderBy(desc(questions.answeredAt), desc(questions.id))
      .limit(bind('tierLimit', offset + query.limit + 1));
  };
  // Searching ranks in two tiers: questions whose title matches, then those matching only in
  // their details or answer. ts_rank over every match would read all of them for each page.
  const titleMatch = tsQuery ? sql`${questions.titleVector} @@ ${tsQuery}` : null;
  const candidates = titleMatch
    ? unionAll(tier(1, titleMatch), tier(2, sql`not (${titleMatch})`))
        .orderBy(sql`rank`, sql`answered_at desc`, sql`id desc`)
        .limit(bind('pageLimit', query.limit + 1))
        .offset(bind('offset', offset))
    : tier(1, null).offset(bind('offset', offset));
  const paged = candidates.as('page');
  const rows = fromQuestions(db, sql`${paged.rank}`)
    .innerJoin(paged, eq(paged.id, questions.id))
    .orderBy(asc(paged.rank), desc(questions.answeredAt), desc(questions.id));
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

/** What a prepared archive statement takes, in the names `archiveQueries` binds them by. */
function archiveValues(query: ArchiveRead): Record<string, unknown> {
  const offset = query.cursor ? 0 : (query.offset ?? 0);
  const cursor = query.cursor ? archiveCursor.decode(query.cursor) : null;
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
 * The statements of one shape of archive query (which filters, which cursor tier), prepared
 * once per database and reused.
 */
function preparedArchive(db: Executor, query: ArchiveRead) {
  const cursor = query.cursor ? archiveCursor.decode(query.cursor) : null;
  const key = [
    query.search?.trim() ? (query.searchWhole ? 'w' : ownerOf(query) === null ? 's' : 'o') : '',
    query.categoryId ? 'c' : '',
    query.creatorId ? 'e' : '',
    query.tagIds?.length ? 't' : '',
    cursor ? `r${cursor.r ?? '1'}` : '',
  ].join('');
  const name = `archive_${key || 'all'}`;
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
 * topics match any of them), searched with the stored full-text vector and ranked, newest answer
 * first. Pages follow a keyset cursor, so answers arriving meanwhile cause no repeat or gap.
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
  if (!exact) total = Math.max(COUNT_LIMIT + 1, await cachedEstimate(db, query));
  const hasMore = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  const nextCursor =
    hasMore && last?.answeredAt
      ? archiveCursor.encode({
          a: last.answeredAt.toISOString(),
          i: last.id,
          ...(last.rank ? { r: last.rank } : {}),
        })
      : null;
  return { rows: pageRows, total, exact, nextCursor };
}

/** The EXPLAIN of a statement with its parameters written in (EXPLAIN takes no bind parameters). */
export function explainText(statement: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = statement.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
    return `'${text.replaceAll("'", "''")}'`;
  });
  return `explain (format json) ${inlined}`;
}

const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_SIZE = 1_000;
const estimatesByDatabase = new WeakMap<Executor, Map<string, { rows: number; at: number }>>();

/**
 * The planner's estimate changes only when the table's statistics do (analyze), so a large
 * result's total is remembered for a minute instead of costing every page a second round trip.
 * It is keyed by the filters alone (pages and cursors share it), so a hit builds no statement.
 */
async function cachedEstimate(db: Executor, query: ArchiveRead): Promise<number> {
  const key = JSON.stringify([
    query.search?.trim() ?? null,
    query.searchWhole,
    ownerOf(query),
    query.categoryId ?? null,
    query.creatorId ?? null,
    query.tagIds ?? null,
  ]);
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) {
    estimates = new Map();
    estimatesByDatabase.set(db, estimates);
  }
  const now = Date.now();
  const known = estimates.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.rows;
  const rows = await plannerEstimate(db, explainText(archiveQueries(db, query).estimate));
  if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.clear();
  estimates.set(key, { rows, at: now });
  return rows;
}

/** The planner's row estimate for a statement (statistics, not a scan). */
async function plannerEstimate(db: Executor, explain: string): Promise<number> {
  const result = await db.execute(sql.raw(explain));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}
