/**
 * Fills the questions database with a synthetic answered archive, for benchmarks:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @uapqa/questions generate-archive --questions 1000000 [--batch 20000] [--concurrency 2] [--seed 1]
 *
 * Exit codes: 0 done, 1 failed while generating, 2 bad arguments or no DATABASE_URL.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@uapqa/service-kit/db';
import * as schema from '../src/db/schema.js';
import { generateArchive } from './archive-generator.js';

export const USAGE =
  'usage: DATABASE_URL=postgres://... generate-archive --questions <count> [--batch <rows per insert>] [--concurrency <batches in flight>] [--seed <integer>]';

export class UsageError extends Error {}

export interface ArchiveArguments {
  questions: number;
  batchSize?: number;
  concurrency?: number;
  seed?: number;
}

const FLAGS = {
  '--questions': 'questions',
  '--batch': 'batchSize',
  '--concurrency': 'concurrency',
  '--seed': 'seed',
} as const;

function positiveInteger(flag: string, value: string, allowZero = false): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || (number === 0 && !allowZero)) {
    throw new UsageError(
      `${flag} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got '${value}'`,
    );
  }
  return number;
}

/** Reads `--questions N`, `--batch N`, `--concurrency N` and `--seed N` (also as `--flag=N`). */
export function parseArguments(argv: readonly string[]): ArchiveArguments {
  const parsed: Partial<ArchiveArguments> = {};
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    const [flag, inline] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined];
    if (!(flag in FLAGS)) throw new UsageError(`unknown argument '${argument}'`);
    const key = FLAGS[flag as keyof typeof FLAGS];
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    parsed[key] = positiveInteger(flag, value, key === 'seed');
  }
  if (parsed.questions === undefined) throw new UsageError('--questions is required');
  return parsed as ArchiveArguments;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let args: ArchiveArguments;
  try {
    args = parseArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`generate-archive: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (!env.DATABASE_URL) {
    console.error(
      'generate-archive: DATABASE_URL is not set. The archive is written to a PostgreSQL server; ' +
        'an in-memory PGlite database would vanish when this command exits.\n' +
        USAGE,
    );
    return 2;
  }

  const handle = await openDatabase({
    service: 'questions',
    schema,
    migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    url: env.DATABASE_URL,
  });
  const started = performance.now();
  try {
    const { inserted, ms } = await generateArchive(handle.db, {
      ...args,
      onProgress: (done, total) => {
        const percent = Math.floor((done * 100) / total);
        console.log(
          `generated ${done}/${total} questions (${percent}%) in ${seconds(performance.now() - started)} s`,
        );
      },
    });
    const rate = Math.round(inserted / (ms / 1000));
    console.log(
      `done: ${inserted} answered questions added in ${seconds(ms)} s (${rate} questions/s)`,
    );
    return 0;
  } catch (error) {
    console.error(`generate-archive failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await handle.close();
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
