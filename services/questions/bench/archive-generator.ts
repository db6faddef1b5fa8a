import { createHash } from 'node:crypto';
import type { Database } from '@uapqa/service-kit/db';
import { and, desc, gte, lte, sql } from 'drizzle-orm';
import { categories, experts, questions, questionTags, tags } from '../src/db/schema.js';
import { batchStatement } from './archive-rows.js';
import { ensureTaxonomy } from './synthetic-taxonomy.js';

/**
 * A synthetic archive for benchmarks: many answered questions whose text is composed from UFO/UAP
 * word lists, so that full-text searches hit a realistic share of the rows.
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
      sql`vacuum (analyze) ${questions}, ${questionTags}, ${categories}, ${tags}, ${experts}`,
    );
  }
  return { inserted: done, ms: performance.now() - started };
}
