import { createHash } from 'node:crypto';
import type { Database } from '@uapqa/service-kit/db';
import { and, desc, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { categories, creators, questions, questionTags, tags } from '../src/db/schema.js';
import { DEMO_CATEGORIES, DEMO_TAGS } from '../src/seed.js';
import vocabulary from './vocabulary.json' with { type: 'json' };

/**
 * A synthetic archive for benchmarks: many answered questions whose text is composed from UFO/UAP
 * word lists, so that full-text searches hit a realistic share of the rows.
 *
 * All the row building happens inside PostgreSQL: one `INSERT ... SELECT ... FROM
 * generate_series(...)` per batch writes the questions and their tags together. Every choice is a
 * pure function of the row number and the seed (a hash of both picks the word), never `random()`,
 * so a given seed always produces the same archive on Postgres and on PGlite alike.
 *
 * Unlike the demo seed it announces no QuestionAnswered: the synthetic experts are not users, so
 * billing has no one to pay, and one event per row would cost the generator its speed.
 */

export interface GenerateArchiveOptions {
  /** How many answered questions to add. */
  questions: number;
  /** Rows per INSERT statement (default 10,000). */
  batchSize?: number;
  /** Seeds the word lists and the hashes (default 1). */
  seed?: number;
  /**
   * Batches in flight at once, each on its own connection (default 2). Batches may then finish
   * out of order; the rows written do not depend on it.
   */
  concurrency?: number;
  /** Called after each batch with the questions written so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateArchiveResult {
  inserted: number;
  /** From the first batch until the tables are vacuumed and analyzed: the archive ready to read. */
  ms: number;
}

export const DEFAULT_BATCH_SIZE = 10_000;
export const DEFAULT_CONCURRENCY = 2;

/** The demo taxonomy, plus a few topics, so synthetic and demo archives classify alike. */
export const SYNTHETIC_CATEGORIES = DEMO_CATEGORIES;
export const SYNTHETIC_TAGS = [
  ...DEMO_TAGS,
  'Pilots',
  'Satellites',
  'Balloons',
  'Landing traces',
  'Photographs',
];

/** The experts who answered the synthetic archive (user ids 900001..900005). */
export const SYNTHETIC_CREATORS = [
  { userId: 900001, firstName: 'Helen', lastName: 'Marsh', brandName: 'Skywatch Archive' },
  { userId: 900002, firstName: 'Tomas', lastName: 'Reyes', brandName: 'Radar Ledger' },
  { userId: 900003, firstName: 'Priya', lastName: 'Nair', brandName: 'The Disclosure Desk' },
  { userId: 900004, firstName: 'Owen', lastName: 'Fairbanks', brandName: 'Blue Book Notes' },
  { userId: 900005, firstName: 'Ingrid', lastName: 'Solberg', brandName: 'Nordic Lights Study' },
];

/**
 * The word lists text is composed from (`vocabulary.json`). Each list fills one slot of a sentence,
 * so a word's share of the rows is about one over the length of its list (e.g. 'spectrometry' in
 * about 1 in 10).
 */
export const VOCABULARY: Record<keyof typeof vocabulary, string[]> = vocabulary;

type ListName = keyof typeof VOCABULARY;

/** Hashed choices per row besides the word lists. */
const EXTRA_SLOTS = [
  'year',
  'secondDetail',
  'expert',
  'reassigned',
  'category',
  'answeredAgo',
  'openFor',
  'decidedAfter',
  'tagStart',
  'tagStep',
  'tagCount',
] as const;
type Slot = ListName | (typeof EXTRA_SLOTS)[number] | 'detail2';

const TWO_YEARS_MINUTES = 2 * 365 * 24 * 60;
/** Tags are picked as start, start + step, start + 2 * step (mod the tag count), step 1..6. */
const MAX_TAG_STEP = 6;

/** mulberry32: a small deterministic PRNG, enough to shuffle word lists and draw hash salts. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A Postgres array literal ('{"a","b"}'), passed as one parameter and cast in SQL. */
function arrayLiteral(values: readonly (string | number)[]): string {
  const element = (value: string | number) =>
    typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, '\\$&')}"`;
  return `{${values.map(element).join(',')}}`;
}

/**
 * Question ids: a UUID prefix fixed by the seed, then the row number as the last 12 hex digits
 * (version nibble 8, "custom", and the RFC variant, so UUID validators accept them). Runs with the
 * same seed continue after the highest number already present, so they never collide.
 */
function idPrefix(seed: number): string {
  const hex = createHash('md5').update(`uapqa-synthetic-archive:${seed}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-`;
}

function assertInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

/** Categories, tags and creators the archive refers to, inserted when missing. */
async function ensureTaxonomy(db: Database): Promise<{ categoryIds: number[]; tagIds: number[] }> {
  await db.insert(categories).values(SYNTHETIC_CATEGORIES).onConflictDoNothing();
  await db
    .insert(tags)
    .values(SYNTHETIC_TAGS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(creators)
    .values(
      SYNTHETIC_CREATORS.map((creator, index) => ({
        ...creator,
        creatorId: 90_001 + index,
        bio: `${creator.firstName} ${creator.lastName} answers questions in the synthetic benchmark archive.`,
        questionsPerWeek: 10,
      })),
    )
    .onConflictDoNothing();
  // The unique indexes are on lower(name): select back whatever spelling is already stored.
  const categoryRows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      inArray(
        sql`lower(${categories.name})`,
        SYNTHETIC_CATEGORIES.map((category) => category.name.toLowerCase()),
      ),
    )
    .orderBy(categories.id);
  const tagRows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        SYNTHETIC_TAGS.map((name) => name.toLowerCase()),
      ),
    )
    .orderBy(tags.id);
  if (
    categoryRows.length !== SYNTHETIC_CATEGORIES.length ||
    tagRows.length !== SYNTHETIC_TAGS.length
  ) {
    throw new Error('generateArchive: could not ensure the synthetic categories and tags');
  }
  return { categoryIds: categoryRows.map((row) => row.id), tagIds: tagRows.map((row) => row.id) };
}

/** The highest row number already written with this id prefix (0 when none). */
async function lastNumber(db: Database, prefix: string): Promise<number> {
  const [last] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(gte(questions.id, `${prefix}000000000000`), lte(questions.id, `${prefix}ffffffffffff`)),
    )
    .orderBy(desc(questions.id))
    .limit(1);
  return last ? Number.parseInt(last.id.slice(-12), 16) : 0;
}

/** Builds the per-batch statement; only the bounds change between batches. */
function batchStatement(params: {
  seed: number;
  prefix: string;
  categoryIds: number[];
  tagIds: number[];
}): (from: number, to: number) => SQL {
  const random = prng(params.seed);
  const lists = Object.fromEntries(
    Object.entries(VOCABULARY).map(([name, words]) => [name, shuffled(words, random)]),
  ) as Record<ListName, string[]>;
  const slots: Slot[] = [...(Object.keys(VOCABULARY) as ListName[]), 'detail2', ...EXTRA_SLOTS];
  // One hash per slot: hashint8extended(n, salt) is stable across platforms and versions (hash
  // partitioning relies on it), so PGlite and Postgres build identical rows.
  const salts = new Map(slots.map((slot) => [slot, Math.floor(random() * 2 ** 31)]));

  const h = (slot: Slot) => `s."h_${slot}"`;
  const pick = (list: ListName, slot: Slot = list) =>
    `w."${list}"[1 + ${h(slot)} % ${lists[list].length}]`;
  const hashes = slots
    .map((slot) => `hashint8extended(g.n, ${salts.get(slot)}) & 2147483647 AS "h_${slot}"`)
    .join(',\n      ');
  const words = sql.join(
    (Object.keys(lists) as ListName[]).map(
      (list) => sql`${arrayLiteral(lists[list])}::text[] AS ${sql.raw(`"${list}"`)}`,
    ),
    sql`, `,
  );
  const creatorCount = SYNTHETIC_CREATORS.length;
  const firstCreator = SYNTHETIC_CREATORS[0]!.userId;
  const tagCount = params.tagIds.length;
  if (tagCount <= 2 * MAX_TAG_STEP) {
    throw new Error('generateArchive: too few tags for distinct picks');
  }

  const concat = (...parts: string[]) => parts.join(' || ');
  const minutes = (slot: Slot, range: number) => `${h(slot)} % ${range} * interval '1 minute'`;
  // The title, details and answer tell one story: the same object seen at the same place.
  const title = concat(
    pick('askPrefix'),
    `' the '`,
    pick('adjective'),
    `' '`,
    pick('object'),
    `' '`,
    pick('sightingVerb'),
    `' '`,
    pick('place'),
    `' in '`,
    `(1947 + ${h('year')} % 78)`,
    `'?'`,
  );
  const content = concat(
    pick('witness'),
    `' '`,
    pick('reportedVerb'),
    `' a '`,
    pick('adjective'),
    `' '`,
    pick('object'),
    `' '`,
    pick('behavior'),
    `' '`,
    pick('timeOfDay'),
    `' near '`,
    pick('place'),
    `'. '`,
    pick('detail'),
    `'. '`,
    `CASE WHEN ${h('secondDetail')} % 2 = 0 THEN ${pick('detail', 'detail2')} || '. ' ELSE '' END`,
    pick('ask'),
  );
  const answer = concat(
    pick('intro'),
    `' '`,
    pick('lead'),
    `' '`,
    pick('explanation'),
    `'. '`,
    pick('method'),
    `' '`,
    pick('methodResult'),
    `'. '`,
    pick('source'),
    `' '`,
    pick('evidenceVerb'),
    `'. '`,
    pick('conclusion'),
  );
  const requested = `${firstCreator} + ${h('expert')} % ${creatorCount}`;
  // Nine in ten answered by the expert asked; the rest reassigned to the next one.
  const reassigned = `CASE WHEN ${h('reassigned')} % 10 = 0 THEN 1 ELSE 0 END`;
  const assigned = `${firstCreator} + (${h('expert')} + ${reassigned}) % ${creatorCount}`;
  const category = `w.categories[1 + ${h('category')} % ${params.categoryIds.length}]`;
  // Answered within the last two years; asked 2 to 14 days before, approved 1 to 37 hours after
  // asking, due a week after approval.
  const answeredAt = `now() - ${minutes('answeredAgo', TWO_YEARS_MINUTES)}`;
  const createdAt = `${answeredAt} - interval '2 days' - ${minutes('openFor', 12 * 24 * 60)}`;
  const decidedAt = `${createdAt} + interval '1 hour' + ${minutes('decidedAfter', 36 * 60)}`;
  const tagStep = `1 + ${h('tagStep')} % ${MAX_TAG_STEP}`;
  const tag = `w.tags[1 + (${h('tagStart')} + k * (${tagStep})) % ${tagCount}]`;

  return (from, to) => sql`
    WITH w AS (
      SELECT ${words},
        ${arrayLiteral(params.categoryIds)}::int[] AS categories,
        ${arrayLiteral(params.tagIds)}::int[] AS tags
    ),
    s AS MATERIALIZED (
      SELECT (${params.prefix} || lpad(to_hex(g.n), 12, '0'))::uuid AS id,
      ${sql.raw(hashes)}
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g(n)
    ),
    q AS (
      INSERT INTO questions (
        id, requested_expert_id, assigned_expert_id, category_id, title, content, status,
        created_at, decided_at, due_at, answer_content, answered_at
      )
      SELECT s.id, ${sql.raw(requested)}, ${sql.raw(assigned)}, ${sql.raw(category)},
        ${sql.raw(title)}, ${sql.raw(content)}, 'answered',
        ${sql.raw(createdAt)}, ${sql.raw(decidedAt)}, ${sql.raw(decidedAt)} + interval '7 days',
        ${sql.raw(answer)}, ${sql.raw(answeredAt)}
      FROM s CROSS JOIN w
      RETURNING id
    )
    INSERT INTO question_tags (question_id, tag_id)
    SELECT s.id, ${sql.raw(tag)}
    FROM s CROSS JOIN w CROSS JOIN generate_series(0, 2) AS k
    WHERE k <= ${sql.raw(h('tagCount'))} % 3
  `;
}

/** Adds `options.questions` answered questions (1 to 3 tags each) to the archive. */
export async function generateArchive(
  db: Database,
  options: GenerateArchiveOptions,
): Promise<GenerateArchiveResult> {
  const started = performance.now();
  const total = options.questions;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const seed = options.seed ?? 1;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  assertInteger('questions', total, 0);
  assertInteger('batchSize', batchSize, 1);
  assertInteger('seed', seed, 0);
  assertInteger('concurrency', concurrency, 1);

  const { categoryIds, tagIds } = await ensureTaxonomy(db);
  const prefix = idPrefix(seed);
  const statement = batchStatement({ seed, prefix, categoryIds, tagIds });
  const first = (await lastNumber(db, prefix)) + 1;

  // A few batches in flight at once: each runs on its own pooled connection, so the text search
  // vectors (most of the cost) are computed on several cores. PGlite simply queues them.
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (next < total && !failed) {
      const size = Math.min(batchSize, total - next);
      const from = first + next;
      next += size;
      try {
        await db.execute(statement(from, from + size - 1));
      } catch (error) {
        failed = true;
        throw error;
      }
      done += size;
      options.onProgress?.(done, total);
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, worker));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  // Until autovacuum comes by (within a minute or so), the planner would plan the archive's
  // searches and estimate its totals from statistics that predate these rows, and every first
  // read of a page would set its rows' hint bits: a freshly loaded table, not the archive a
  // deployment has. Vacuum and analyze now, so the archive is queried as it will be.
  if (done > 0) {
    await db.execute(
      sql`vacuum (analyze) ${questions}, ${questionTags}, ${categories}, ${tags}, ${creators}`,
    );
  }
  return { inserted: done, ms: performance.now() - started };
}
