import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '@uapqa/service-kit/db';
import { testBackends } from '@uapqa/service-kit/testing';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArchive } from '../bench/archive-generator.js';
import { VOCABULARY } from '../bench/archive-rows.js';
import { parseArguments } from '../bench/generate-archive.js';
import * as schema from '../src/db/schema.js';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

type Handle = DatabaseHandle<typeof schema>;

/** Rows of a raw query: postgres.js returns an array, PGlite an object holding `rows`. */
async function rows<T>(handle: Handle, query: SQL): Promise<T[]> {
  const result: unknown = await handle.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A count, cast to int so both drivers hand back a number. */
async function count(handle: Handle, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(handle, sql`select (${query})::int as n`);
  return row!.n;
}

describe.each(testBackends())('generateArchive ($name)', (backend) => {
  let handle: Handle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await backend.database();
    drop = database.drop;
    handle = await openDatabase({
      service: 'questions',
      schema,
      migrationsFolder: MIGRATIONS,
      url: database.url,
    });
  });

  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('writes 2,000 answered, tagged, searchable questions, and again on a second run', async () => {
    const progress: number[] = [];
    const result = await generateArchive(handle.db, {
      questions: 2000,
      batchSize: 750,
      onProgress: (done, total) => {
        expect(total).toBe(2000);
        progress.push(done);
      },
    });
    expect(result.inserted).toBe(2000);
    expect(result.ms).toBeGreaterThan(0);
    // Two batches run at once, so 1,250 (the last, shorter batch first) is possible too.
    expect(progress).toHaveLength(3);
    expect([750, 1250, 1500]).toContain(progress[1]);
    expect(progress[0]).toBeLessThan(progress[1]!);
    expect(progress[2]).toBe(2000);

    expect(await count(handle, sql`select count(*) from questions`)).toBe(2000);
    expect(await count(handle, sql`select count(*) from questions where status = 'answered'`)).toBe(
      2000,
    );
    expect(
      await count(
        handle,
        sql`select count(*) from questions where answer_content is null or answer_content = '' or answered_at is null or assigned_expert_id is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        handle,
        sql`select count(*) from questions q where not exists (select 1 from question_tags t where t.question_id = q.id)`,
      ),
    ).toBe(0);
    const [spread] = await rows<{ min: number; max: number }>(
      handle,
      sql`select min(c)::int as min, max(c)::int as max from (select count(*) as c from question_tags group by question_id) x`,
    );
    expect(spread).toEqual({ min: 1, max: 3 });
    expect(
      await count(handle, sql`select count(*) from categories where lower(name) = 'physical'`),
    ).toBe(1);
    expect(
      await count(
        handle,
        sql`select count(*) from questions where answered_at < now() - interval '731 days' or answered_at > now() or created_at >= answered_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        handle,
        sql`select count(distinct assigned_expert_id) from questions where assigned_expert_id between 900001 and 900005`,
      ),
    ).toBe(5);
    expect(await count(handle, sql`select count(*) from creators where user_id >= 900001`)).toBe(5);
    expect(await count(handle, sql`select count(distinct title) from questions`)).toBeGreaterThan(
      1900,
    );

    // A word of the answer vocabulary finds some rows but not all (about one in ten).
    expect(VOCABULARY.method.some((phrase) => phrase.startsWith('Spectrometry'))).toBe(true);
    const hits = await count(
      handle,
      sql`select count(*) from questions where search_vector @@ websearch_to_tsquery('english', 'spectrometry')`,
    );
    expect(hits).toBeGreaterThan(50);
    expect(hits).toBeLessThan(600);

    // The planner's statistics describe the rows just written (vacuumed and analyzed), so
    // searches and the estimated totals are planned as on a settled archive.
    const plannedRows = (table: string) =>
      count(handle, sql`select reltuples from pg_class where relname = ${table}`);
    expect(await plannedRows('questions')).toBe(2000);
    expect(await plannedRows('question_tags')).toBe(
      await count(handle, sql`select count(*) from question_tags`),
    );

    // A second run continues the numbering: no id collides and the taxonomy is reused.
    const again = await generateArchive(handle.db, { questions: 2000, concurrency: 1 });
    expect(again.inserted).toBe(2000);
    expect(await count(handle, sql`select count(*) from questions where status = 'answered'`)).toBe(
      4000,
    );
    expect(await plannedRows('questions')).toBe(4000);
    expect(await count(handle, sql`select count(*) from categories where name = 'Physical'`)).toBe(
      1,
    );
    expect(await count(handle, sql`select count(*) from creators where user_id >= 900001`)).toBe(5);
  });
});

describe('generate-archive arguments', () => {
  it('reads --questions, --batch and --seed, in both spellings', () => {
    expect(parseArguments(['--questions', '1000000', '--batch=20000'])).toEqual({
      questions: 1_000_000,
      batchSize: 20_000,
    });
    expect(parseArguments(['--questions=5', '--seed', '7', '--concurrency=3'])).toEqual({
      questions: 5,
      seed: 7,
      concurrency: 3,
    });
  });

  it('refuses a missing, non-numeric or non-positive count and unknown flags', () => {
    expect(() => parseArguments([])).toThrow(/--questions is required/);
    expect(() => parseArguments(['--questions', 'lots'])).toThrow(/positive integer/);
    expect(() => parseArguments(['--questions', '0'])).toThrow(/positive integer/);
    expect(() => parseArguments(['--questions', '1.5'])).toThrow(/positive integer/);
    expect(() => parseArguments(['--questions', '10', '--batch', '-1'])).toThrow(
      /positive integer/,
    );
    expect(() => parseArguments(['--questions'])).toThrow(/needs a value/);
    expect(() => parseArguments(['--questions', '10', '--fast'])).toThrow(/unknown argument/);
  });
});
