/**
 * Archive benchmark: the same browse and search requests through the questions service (its own
 * process: HTTP, JSON, shaping, session check) and as the raw SQL statements the service runs,
 * straight on PostgreSQL (the floor), side by side in one run, at each archive size. The two
 * take turns in five slices each, so a slow spell of a shared machine does not favour either.
 *
 *   pnpm --filter @uapqa/questions bench [--sizes 100000,1000000] [--seconds 10] [--concurrency 1,8]
 *
 * Each scenario runs at every concurrency given. The latency goals (service p50 within 2x of the
 * raw SQL, search p99 under 50 ms) are read at concurrency 1: on a 2-core machine a concurrent
 * loop measures mostly the service process and PostgreSQL queueing for the same two cores,
 * which the raw loop (no service process) does not pay. The concurrent figures are throughput.
 *
 * POSTGRES_URL picks the server (default the local one); each size gets its own database
 * (`uapqa_bench_archive_<size>`), generated once and reused. Writes bench-results/archive.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArchiveQuery } from '@uapqa/contracts';
import { HttpClient } from '@uapqa/service-kit';
import { openDatabase } from '@uapqa/service-kit/db';
import { freePort } from '@uapqa/service-kit/testing';
import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { archiveQueries } from '../src/archive.js';
import * as schema from '../src/db/schema.js';
import { QUESTIONS_MIGRATIONS } from '../src/service.js';
import { generateArchive } from './archive-generator.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const sizes = flag('sizes', '100000,1000000').split(',').map(Number);
const seconds = Number(flag('seconds', '10'));
const concurrencies = flag('concurrency', '1,8').split(',').map(Number);
const serverUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (
  sizes.some((size) => !Number.isInteger(size) || size <= 0) ||
  !(seconds > 0) ||
  concurrencies.some((level) => !Number.isInteger(level) || level <= 0)
) {
  process.stderr.write(
    'usage: bench-archive [--sizes 100000,1000000] [--seconds 10] [--concurrency 1,8]\n',
  );
  process.exit(2);
}

const SCENARIOS: Array<{ name: string; query: string }> = [
  { name: 'browse newest', query: '' },
  { name: 'browse by category', query: 'categoryId=1' },
  // The generated archive has no stars: this is the walk of the unrated tier after an empty
  // rated one, the cost of the order itself.
  { name: 'browse best rated', query: 'sort=rated' },
  { name: 'search common word', query: 'search=balloon' },
  { name: 'search rare word', query: 'search=spectrometry roswell' },
];

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const WARM_UP_MS = 1000;
/** Each side runs in this many alternating slices, so a slow spell of the machine hits both. */
const ROUNDS = 5;

function figuresOf(latencies: number[], errors: number): Figures {
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100,
    ) / 100;
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

/**
 * Closed loops of `concurrency` workers calling each side for `seconds` in all, timing each
 * call: the sides take turns in ROUNDS slices, after a second of untimed calls each (JIT,
 * prepared statements, pooled connections).
 */
async function measureSideBySide<Side extends string>(
  concurrency: number,
  sides: Record<Side, () => Promise<void>>,
): Promise<Record<Side, Figures>> {
  const names = Object.keys(sides) as Side[];
  const latencies = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    Side,
    number[]
  >;
  const errors = Object.fromEntries(names.map((name) => [name, 0])) as Record<Side, number>;
  for (const name of names) {
    const warmUntil = performance.now() + WARM_UP_MS;
    while (performance.now() < warmUntil) await sides[name]().catch(() => {});
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const until = performance.now() + (seconds * 1000) / ROUNDS;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            try {
              await sides[name]();
              latencies[name].push(performance.now() - started);
            } catch {
              errors[name]++;
            }
          }
        }),
      );
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, figuresOf(latencies[name], errors[name])]),
  ) as Record<Side, Figures>;
}

async function waitForReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`service not ready at ${url}`);
}

async function databaseFor(size: number): Promise<string> {
  const name = `uapqa_bench_archive_${size}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    service: 'questions',
    schema,
    migrationsFolder: QUESTIONS_MIGRATIONS,
    url: url.toString(),
    poolSize: 4,
  });
  const [row] = await handle.db
    .select({ n: count() })
    .from(schema.questions)
    .where(eq(schema.questions.status, 'answered'));
  const missing = size - (row?.n ?? 0);
  if (missing > 0) {
    process.stdout.write(`generating ${missing} answered questions in ${name}…\n`);
    await generateArchive(handle.db, {
      questions: missing,
      onProgress: (done, total) => process.stdout.write(`  ${done}/${total}\n`),
    });
  }
  await handle.close();
  return url.toString();
}

const results: Array<{
  size: number;
  scenario: string;
  concurrency: number;
  service: Figures;
  rawSql: Figures;
  ratio: number;
}> = [];
for (const size of sizes) {
  const databaseUrl = await databaseFor(size);
  // The service runs in a process of its own, as deployed, not on the load generator's loop.
  const port = await freePort();
  const service = spawn(
    process.execPath,
    [join(dirname(fileURLToPath(import.meta.url)), '../dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        NATS_URL: '',
        // Every request reads the database: the figures are the queries', not remembered pages'.
        ARCHIVE_CACHE_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitForReady(`http://127.0.0.1:${port}/ready`);
  // Kept-alive connections, as a load generator holds them, through the service kit's client:
  // `fetch` and undici's pool each added over a millisecond per call here, the client's cost,
  // not the service's.
  const client = new HttpClient(`http://127.0.0.1:${port}`, {
    maxConnections: Math.max(...concurrencies),
  });
  const get = async (path: string) => {
    const answer = await client.send({ method: 'GET', path, timeoutMs: 30_000 });
    if (answer.status !== 200 || answer.body.length === 0) throw new Error(String(answer.status));
  };
  const raw = postgres(databaseUrl, { max: Math.max(...concurrencies), onnotice: () => {} });
  const drizzleDb = await openDatabase({
    service: 'questions',
    schema,
    migrationsFolder: QUESTIONS_MIGRATIONS,
    url: databaseUrl,
    poolSize: 1,
  });
  for (const scenario of SCENARIOS) {
    const query = ArchiveQuery.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    // As a visitor asks it (the service is called without a session): search over previews.
    const statements = archiveQueries(drizzleDb.db, { ...query, searchWhole: false });
    const page = statements.rows.toSQL();
    const total = statements.total.toSQL();
    // Through URL, so a search's space travels as %20.
    const target = new URL(`/api/questions?${scenario.query}`, 'http://bench');
    const path = `${target.pathname}${target.search}`;
    for (const concurrency of concurrencies) {
      const { rawSql, service: viaService } = await measureSideBySide(concurrency, {
        // Prepared, as the service's statements are: the floor is the database's own work.
        rawSql: async () => {
          await Promise.all([
            raw.unsafe(page.sql, page.params as never[], { prepare: true }),
            raw.unsafe(total.sql, total.params as never[], { prepare: true }),
          ]);
        },
        service: () => get(path),
      });
      if (rawSql.errors + viaService.errors > 0) {
        throw new Error(
          `${scenario.name}: ${viaService.errors} service and ${rawSql.errors} raw SQL calls failed`,
        );
      }
      const ratio = Math.round((viaService.p50 / Math.max(rawSql.p50, 0.01)) * 100) / 100;
      results.push({
        size,
        scenario: scenario.name,
        concurrency,
        service: viaService,
        rawSql,
        ratio,
      });
      process.stdout.write(
        `${String(size).padStart(8)}  ${scenario.name.padEnd(20)} x${String(concurrency).padEnd(3)} service p50 ${viaService.p50} ms p99 ${viaService.p99} ms ${viaService.rps} rps  |  raw SQL p50 ${rawSql.p50} ms p99 ${rawSql.p99} ms ${rawSql.rps} rps  |  p50 ratio ${ratio}\n`,
      );
    }
  }
  await drizzleDb.close();
  await raw.end();
  client.close();
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
}

// The goals, read at the lowest concurrency run (see the header comment).
const latencyLevel = Math.min(...concurrencies);
const goals = results
  .filter((result) => result.concurrency === latencyLevel)
  .map((result) => ({
    size: result.size,
    scenario: result.scenario,
    withinTwiceRawP50: result.ratio <= 2,
    ...(result.scenario.startsWith('search')
      ? { searchP99Under50ms: result.service.p99 < 50 }
      : {}),
  }));
for (const goal of goals) {
  const missed = Object.entries(goal).filter(([, value]) => value === false);
  process.stdout.write(
    `goal ${missed.length === 0 ? 'met   ' : 'MISSED'} ${String(goal.size).padStart(8)}  ${goal.scenario}${missed.length ? ` (${missed.map(([key]) => key).join(', ')})` : ''}\n`,
  );
}

const outDir = join(repoRoot, 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'archive.json'),
  JSON.stringify(
    { at: new Date().toISOString(), seconds, concurrencies, latencyLevel, results, goals },
    null,
    2,
  ),
);
process.stdout.write(`\nwrote ${join(outDir, 'archive.json')}\n`);
