/**
 * A distributed local stack of its own (as infra/local's test support does): its own ports,
 * databases and streams, all removed by `cleanup`. The gateway runs with RATE_LIMIT_PER_MINUTE=0
 * (one load generator is thousands of clients) and TRUST_PROXY=true (the setup's and the login
 * bench's clients each send their own X-Forwarded-For address, as behind a load balancer). The
 * archive is filled with the questions service's generator.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type LocalStack, localConfigSchema, startLocalStack } from '@uapqa/local-stack';
import { NatsEventBus } from '@uapqa/service-kit';
import { freePortRange } from '@uapqa/service-kit/testing';
import postgres from 'postgres';

export const ADMIN_PASSWORD = 'load-test-admin-password';

export interface IsolatedStack {
  stack: LocalStack;
  url: string;
  /** The questions service itself, bypassing the gateway. */
  questionsUrl: string;
  /** The questions service's own database (its read model of moderation's decisions). */
  questionsDatabaseUrl: string;
  prefix: string;
  cleanup(): Promise<void>;
}

/**
 * Runs the questions service's archive generator on its database. The generator is a bench tool
 * kept out of the service's build, so it runs from its TypeScript source through tsx, the
 * questions package's own dependency (hence the package folder as working directory).
 */
async function generateArchive(databaseUrl: string, questions: number): Promise<void> {
  const questionsFolder = join(
    dirname(fileURLToPath(import.meta.resolve('@uapqa/questions'))),
    '..',
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/generate-archive.ts', '--questions', String(questions)],
    {
      cwd: questionsFolder,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`generate-archive exited with ${code}`);
}

export async function startIsolatedStack(options: {
  postgresUrl: string;
  natsUrl: string;
  /** Answered questions generated into the archive (0: none). */
  archive: number;
  log?: (line: string) => void;
}): Promise<IsolatedStack> {
  const log = options.log ?? (() => {});
  const prefix = `lt_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}_`;
  const base = await freePortRange(6);
  const mailbox = mkdtempSync(join(tmpdir(), 'uapqa-load-mailbox-'));
  // The launcher passes its environment through to every process it starts.
  process.env.RATE_LIMIT_PER_MINUTE = '0';
  process.env.TRUST_PROXY = 'true';
  // The propagation bench times a decision's event from moderation's commit: announced with the
  // decision, not after the minute moderators have to undo it.
  process.env.DECISION_HOLD_SECONDS = '0';
  const output = new PassThrough();
  output.on('data', (chunk) => {
    if (process.env.LOAD_STACK_LOGS) process.stderr.write(chunk);
  });
  /** Drops the run's streams, databases and mailbox (after the stack stopped or failed). */
  const dropAll = async () => {
    const bus = await NatsEventBus.connect({
      url: options.natsUrl,
      name: 'load-test-cleanup',
      streamPrefix: prefix,
    });
    await bus.deleteStreams(['identity', 'billing', 'questions', 'moderation', 'notifications']);
    await bus.close();
    const admin = postgres(options.postgresUrl, { max: 1, onnotice: () => {} });
    const rows = await admin`select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const row of rows) {
      await admin.unsafe(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.end();
    rmSync(mailbox, { recursive: true, force: true });
  };
  log(`starting an isolated distributed stack (prefix ${prefix}, ports ${base}–${base + 5})…`);
  let stack: LocalStack;
  try {
    stack = await startLocalStack(
      localConfigSchema.parse({
        PORT: String(base),
        BASE_PORT: String(base),
        POSTGRES_URL: options.postgresUrl,
        NATS_URL: options.natsUrl,
        NATS_STREAM_PREFIX: prefix,
        DATABASE_PREFIX: prefix,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        MAILBOX_DIR: mailbox,
      }),
      output,
    );
  } catch (error) {
    // startLocalStack stopped what it started; the databases and streams stay: drop them.
    await dropAll().catch(() => {});
    throw error;
  }
  process.env.ADMIN_USERNAME = 'admin';
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= stack.stop().then(dropAll);
    return cleaned;
  };
  // Ctrl+C: stop the stack and drop its databases and streams before leaving.
  const interrupted = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const finish = async () => {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanup();
  };
  const questionsDatabase = new URL(options.postgresUrl);
  questionsDatabase.pathname = `/${prefix}questions`;
  try {
    if (options.archive > 0) {
      log(`generating ${options.archive} answered questions…`);
      await generateArchive(questionsDatabase.toString(), options.archive);
    }
  } catch (error) {
    await finish();
    throw error;
  }
  return {
    stack,
    url: `http://127.0.0.1:${base}`,
    questionsUrl: `http://127.0.0.1:${base + 3}`,
    questionsDatabaseUrl: questionsDatabase.toString(),
    prefix,
    cleanup: finish,
  };
}
