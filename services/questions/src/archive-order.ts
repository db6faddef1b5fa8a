import { ARCHIVE_SORTS, type ArchiveSort } from '@uapqa/contracts';
import { badRequest, isoInstant, keysetCursor } from '@uapqa/service-kit';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { questions } from './db/schema.js';

/**
 * Keyset position in the archive: the sort it was given out for (absent in cursors given
 * before sorts existed: newest), the last row's tier (which, sorted by rating, says its
 * stars), its answer time and id.
 */
const archiveCursor = keysetCursor(
  z.object({
    s: z.enum(ARCHIVE_SORTS).optional(),
    r: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .optional(),
    a: isoInstant,
    i: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  }),
);
export type ArchiveCursor = ReturnType<typeof archiveCursor.decode>;

/** The stars an asker gives (RatingBody), best first: one tier each when sorting by rating. */
const STARS = [5, 4, 3, 2, 1] as const;
/** The tier of answers nobody rated, after every rated one. */
const UNRATED = 0;

/**
 * One tier of an archive query, read on its own by an index walk that stops after a page,
 * then merged with the others by rank. `title`: whether its questions' titles match the search
 * (null without one); `stars`: the rating of its answers (UNRATED for none; null unless sorting
 * by rating).
 */
export interface TierShape {
  rank: number;
  title: boolean | null;
  stars: number | null;
}
export type ArchiveTier = TierShape & { condition: SQL | undefined };

/**
 * The tiers of an order: when searching, questions whose title matches come first, then the
 * rest; sorted by rating, five stars first, then four… then the unrated answers. A tier per
 * star count, each read newest first along the archive index, makes the best rated page a few
 * short walks: there is no index over stars, and sorting by them would read every rated
 * answer for each page.
 */
export function tierShapes(sort: ArchiveSort, searching: boolean): TierShape[] {
  const titleParts: Array<boolean | null> = searching ? [true, false] : [null];
  const starParts: Array<number | null> = sort === 'rated' ? [...STARS, UNRATED] : [null];
  return titleParts.flatMap((title, t) =>
    starParts.map((stars, s) => ({ rank: t * starParts.length + s + 1, title, stars })),
  );
}

/** The tiers of an order, each with its condition (`titleMatch`: the search's, if any). */
export function archiveTiers(sort: ArchiveSort, titleMatch: SQL | null): ArchiveTier[] {
  return tierShapes(sort, titleMatch !== null).map((shape) => ({
    ...shape,
    condition: and(
      shape.title === null || !titleMatch
        ? undefined
        : shape.title
          ? titleMatch
          : sql`not (${titleMatch})`,
      shape.stars === null
        ? undefined
        : shape.stars === UNRATED
          ? isNull(questions.rating)
          : eq(questions.rating, shape.stars),
    ),
  }));
}

/** How a tier's rows are ordered, on the questions table (every tier alike). */
export function tierOrder(sort: ArchiveSort): SQL[] {
  return sort === 'oldest'
    ? [asc(questions.answeredAt), asc(questions.id)]
    : [desc(questions.answeredAt), desc(questions.id)];
}

/** How the merged tiers are ordered, by the columns the tiers select (rank, answered_at, id). */
export function mergedOrder(sort: ArchiveSort): SQL[] {
  return sort === 'oldest'
    ? [sql`rank`, sql`answered_at asc`, sql`id asc`]
    : [sql`rank`, sql`answered_at desc`, sql`id desc`];
}

/** The order of the final page, whose rows carry the rank of their tier. */
export function pageOrder(sort: ArchiveSort, rank: SQL): SQL[] {
  return [asc(rank), ...tierOrder(sort)];
}

/**
 * The rows of `tier` after the cursor's position, when the cursor stopped in that tier (a
 * tier before it is done: no rows; a tier after it: every row). Values come through `value`
 * (written in, or placeholders of a prepared statement).
 */
export function afterCursor(
  sort: ArchiveSort,
  tier: TierShape,
  cursor: ArchiveCursor,
  value: { at: unknown; id: unknown },
): SQL | undefined {
  const cursorRank = Number(cursor.r ?? 1);
  if (cursorRank > tier.rank) return sql`false`;
  if (cursorRank < tier.rank) return undefined;
  const position = sql`(${value.at}::timestamptz, ${value.id}::uuid)`;
  return sort === 'oldest'
    ? sql`(${questions.answeredAt}, ${questions.id}) > ${position}`
    : sql`(${questions.answeredAt}, ${questions.id}) < ${position}`;
}

/**
 * The cursor of a query, checked against it: a cursor is a position in one order, so one given
 * out for another sort is refused, never misread.
 */
export function readCursor(query: {
  cursor?: string | undefined;
  sort: ArchiveSort;
}): ArchiveCursor | null {
  if (!query.cursor) return null;
  const cursor = archiveCursor.decode(query.cursor);
  if ((cursor.s ?? 'newest') !== query.sort) {
    throw badRequest(
      `cursor belongs to the ${cursor.s ?? 'newest'} order, not ${query.sort}: ask for the first page again.`,
      'cursor',
    );
  }
  return cursor;
}

/** The cursor after a page's last row. */
export function cursorAfter(
  sort: ArchiveSort,
  last: { rank: string | null; answeredAt: Date; id: string },
): string {
  return archiveCursor.encode({
    s: sort,
    a: last.answeredAt.toISOString(),
    i: last.id,
    ...(last.rank ? { r: last.rank } : {}),
  });
}
