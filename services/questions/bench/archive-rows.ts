import { type SQL, sql } from 'drizzle-orm';
import { SYNTHETIC_EXPERTS } from './synthetic-taxonomy.js';
import vocabulary from './vocabulary.json' with { type: 'json' };

/**
 * All the row building happens inside PostgreSQL: one `INSERT ... SELECT ... FROM
 * generate_series(...)` per batch writes the questions and their tags together. Every choice is a
 * pure function of the row number and the seed (a hash of both picks the word), never `random()`,
 * so a given seed always produces the same archive on Postgres and on PGlite alike.
 */

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

/** Builds the per-batch statement; only the bounds change between batches. */
export function batchStatement(params: {
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
  const expertCount = SYNTHETIC_EXPERTS.length;
  const firstExpert = SYNTHETIC_EXPERTS[0]!.userId;
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
  const requested = `${firstExpert} + ${h('expert')} % ${expertCount}`;
  // Nine in ten answered by the expert asked; the rest reassigned to the next one.
  const reassigned = `CASE WHEN ${h('reassigned')} % 10 = 0 THEN 1 ELSE 0 END`;
  const assigned = `${firstExpert} + (${h('expert')} + ${reassigned}) % ${expertCount}`;
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
