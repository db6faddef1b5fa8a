import type { ArchiveQuery } from '@uapqa/contracts';
import { badRequest, type Executor } from '@uapqa/service-kit';
import { and, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { questions, questionTags } from './db/schema.js';
import { fromQuestions, type QuestionRow } from './shape.js';

interface Cursor {
  /** Search rank (rounded, so it compares exactly), when searching. */
  r?: string;
  a: string;
  i: string;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(value: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    const valid =
      typeof cursor.a === 'string' &&
      !Number.isNaN(Date.parse(cursor.a)) &&
      typeof cursor.i === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cursor.i) &&
      (cursor.r === undefined || (typeof cursor.r === 'string' && /^\d+(\.\d+)?$/.test(cursor.r)));
    if (!valid) throw new Error('bad cursor');
    return cursor;
  } catch {
    throw badRequest('cursor is not one this API gave out.', 'cursor');
  }
}

/** The page and count statements of an archive query (the benchmark runs them raw too). */
export function archiveQueries(db: Executor, query: ArchiveQuery) {
  const filters: SQL[] = [eq(questions.status, 'answered')];
  const search = query.search?.trim();
  const tsQuery = search ? sql`websearch_to_tsquery('english', ${search})` : null;
  if (tsQuery) filters.push(sql`${questions.searchVector} @@ ${tsQuery}`);
  if (query.categoryId) filters.push(eq(questions.categoryId, query.categoryId));
  if (query.creatorId) filters.push(eq(questions.assignedExpertId, query.creatorId));
  if (query.tagIds?.length) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(questionTags)
          .where(
            and(
              eq(questionTags.questionId, questions.id),
              inArray(questionTags.tagId, query.tagIds),
            ),
          ),
      ),
    );
  }
  const rank = tsQuery
    ? sql<string>`round(ts_rank(${questions.searchVector}, ${tsQuery})::numeric, 6)`
    : null;

  const page: SQL[] = [...filters];
  if (query.cursor) {
    const cursor = decode(query.cursor);
    const after = sql`(${questions.answeredAt}, ${questions.id}) < (${cursor.a}::timestamptz, ${cursor.i}::uuid)`;
    page.push(
      rank && cursor.r !== undefined
        ? or(sql`${rank} < ${cursor.r}::numeric`, and(sql`${rank} = ${cursor.r}::numeric`, after))!
        : after,
    );
  }
  // The page's ids first, from the questions table alone (an index walk for browsing, the GIN
  // index for search), then the joins for just those rows.
  const pageIds = db
    .select({ id: questions.id, rank: (rank ?? sql<string | null>`null`).as('rank') })
    .from(questions)
    .where(and(...page))
    .orderBy(...(rank ? [desc(rank)] : []), desc(questions.answeredAt), desc(questions.id))
    .limit(query.limit + 1);
  const paged = (query.offset && !query.cursor ? pageIds.offset(query.offset) : pageIds).as('page');
  const rows = fromQuestions(db, sql`${paged.rank}`)
    .innerJoin(paged, eq(paged.id, questions.id))
    .orderBy(...(rank ? [desc(paged.rank)] : []), desc(questions.answeredAt), desc(questions.id));
  const total = db
    .select({ total: count() })
    .from(questions)
    .where(and(...filters));
  return { rows, total };
}

/**
 * The public archive: answered questions only, filtered (filters combine with AND; several
 * topics match any of them), searched with the stored full-text vector and ranked, newest answer
 * first. Pages follow a keyset cursor, so answers arriving meanwhile cause no repeat or gap.
 */
export async function searchArchive(
  db: Executor,
  query: ArchiveQuery,
): Promise<{ rows: QuestionRow[]; total: number; nextCursor: string | null }> {
  const statements = archiveQueries(db, query);
  const [rows, [counted]] = await Promise.all([statements.rows, statements.total]);
  const hasMore = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  const nextCursor =
    hasMore && last?.answeredAt
      ? encode({
          a: last.answeredAt.toISOString(),
          i: last.id,
          ...(last.rank ? { r: last.rank } : {}),
        })
      : null;
  return { rows: pageRows, total: counted?.total ?? 0, nextCursor };
}
