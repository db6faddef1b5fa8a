import postgres from 'postgres';
import { MemoryEventBus } from '../bus/memory.js';
import { NatsEventBus } from '../bus/nats.js';
import type { EventBus } from '../bus/types.js';

export * from './bus-double.js';
export * from './ports.js';
export * from './record-events.js';
export * from './replicas.js';
export * from './service.js';
export * from './sessions.js';

/**
 * Test helpers. Suites run on the embedded backends (PGlite, in-process bus) always, and also
 * on real PostgreSQL + NATS when TEST_DATABASE_URL and TEST_NATS_URL are set (CI sets them).
 * Every real resource gets a unique name and is dropped after.
 */

export type BackendName = 'embedded' | 'real';

export interface Backend {
  name: BackendName;
  /** A fresh database: a URL on the real server, or undefined meaning in-memory PGlite. */
  database(): Promise<{ url: string | undefined; drop(): Promise<void> }>;
  /** A fresh bus: its own stream names on the real server. */
  bus(name?: string): Promise<TestBus>;
}

export interface TestBus {
  bus: EventBus;
  /** Another connection to the same streams, as a restarted process would open. */
  reconnect(): Promise<EventBus>;
  cleanup(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function createTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName('t');
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleaner.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

const embedded: Backend = {
  name: 'embedded',
  async database() {
    return { url: undefined, drop: async () => {} };
  },
  async bus() {
    const bus = new MemoryEventBus();
    return { bus, reconnect: async () => bus, cleanup: () => bus.close() };
  },
};

function real(databaseUrl: string, natsUrl: string): Backend {
  return {
    name: 'real',
    database: () => createTestDatabase(databaseUrl),
    async bus(name = 'test') {
      const streamPrefix = `${uniqueName('t')}_`;
      const opened: NatsEventBus[] = [];
      const open = async () => {
        const bus = await NatsEventBus.connect({ url: natsUrl, name, streamPrefix });
        opened.push(bus);
        return bus;
      };
      const bus = await open();
      return {
        bus,
        reconnect: open,
        async cleanup() {
          const admin = await NatsEventBus.connect({ url: natsUrl, name: 'cleanup', streamPrefix });
          await admin.deleteStreams([
            'identity',
            'billing',
            'questions',
            'moderation',
            'notifications',
            'test',
          ]);
          for (const each of opened) await each.close().catch(() => {});
          await admin.close();
        },
      };
    },
  };
}

/** The backends a suite runs on here: embedded always, real servers when configured. */
export function testBackends(env: Record<string, string | undefined> = process.env): Backend[] {
  const backends: Backend[] = [embedded];
  if (env.TEST_DATABASE_URL && env.TEST_NATS_URL) {
    backends.push(real(env.TEST_DATABASE_URL, env.TEST_NATS_URL));
  }
  return backends;
}

/** Retries an assertion until it passes or the time is up (for effects that cross the bus). */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
export * from './cookies.js';
export * from './metrics.js';
