import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { NatsEventBus } from '@uapqa/service-kit';
import { freePortRange, uniqueName } from '@uapqa/service-kit/testing';
import postgres from 'postgres';
import { CLUSTER_PORT_SPAN, type ClusterStack, startClusterStack } from '../src/cluster.js';
import { localConfigSchema } from '../src/config.js';
import { type LocalStack, startLocalStack } from '../src/stack.js';

export const serverUrl = process.env.TEST_DATABASE_URL;
export const natsUrl = process.env.TEST_NATS_URL;
/** These suites start real processes on the real servers: only where both are configured. */
export const realServersConfigured = Boolean(serverUrl && natsUrl);

export interface IsolatedStack {
  stack: LocalStack;
  prefix: string;
  /** The folder notifications writes the stack's mail to. */
  mailbox: string;
  cleanup(): Promise<void>;
}

/** The distributed stack with its own ports, databases and streams, all removed by cleanup. */
export async function startIsolatedStack(
  name: string,
  options: { natsUrl?: string } = {},
): Promise<IsolatedStack> {
  const nats = options.natsUrl ?? natsUrl!;
  const prefix = `${uniqueName(name)}_`;
  const base = await freePortRange(6);
  const mailbox = mkdtempSync(join(tmpdir(), 'uapqa-mailbox-'));
  const stack = await startLocalStack(
    localConfigSchema.parse({
      PORT: String(base),
      BASE_PORT: String(base),
      POSTGRES_URL: serverUrl,
      NATS_URL: nats,
      NATS_STREAM_PREFIX: prefix,
      DATABASE_PREFIX: prefix,
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'warn',
      MAILBOX_DIR: mailbox,
    }),
    // STACK_LOG=<file> keeps the services' logs of a run for diagnosis.
    process.env.STACK_LOG ? createWriteStream(process.env.STACK_LOG) : new PassThrough(),
  );
  return {
    stack,
    prefix,
    mailbox,
    async cleanup() {
      await stack.stop();
      const bus = await NatsEventBus.connect({
        url: nats,
        name: 'cleanup',
        streamPrefix: prefix,
      });
      await bus.deleteStreams(['identity', 'billing', 'questions', 'moderation', 'notifications']);
      await bus.close();
      await dropDatabases(prefix);
      rmSync(mailbox, { recursive: true, force: true });
    },
  };
}

export interface IsolatedCluster {
  cluster: ClusterStack;
  prefix: string;
  cleanup(): Promise<void>;
}

/**
 * The cluster mode with its own ports, NATS members (their stores go with it) and databases,
 * all removed by cleanup.
 */
export async function startIsolatedCluster(
  name: string,
  settings: Record<string, string> = {},
): Promise<IsolatedCluster> {
  const prefix = `${uniqueName(name)}_`;
  const base = await freePortRange(CLUSTER_PORT_SPAN);
  const cluster = await startClusterStack(
    localConfigSchema.parse({
      PORT: String(base),
      BASE_PORT: String(base),
      POSTGRES_URL: serverUrl,
      NATS_STREAM_PREFIX: prefix,
      DATABASE_PREFIX: prefix,
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'warn',
      ...settings,
    }),
    process.env.STACK_LOG ? createWriteStream(process.env.STACK_LOG) : new PassThrough(),
  );
  return {
    cluster,
    prefix,
    async cleanup() {
      await cluster.stop();
      await dropDatabases(prefix);
    },
  };
}

async function dropDatabases(prefix: string) {
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const rows = await admin`select datname from pg_database where datname like ${`${prefix}%`}`;
  for (const row of rows)
    await admin.unsafe(`drop database if exists "${row.datname}" with (force)`);
  await admin.end();
}
