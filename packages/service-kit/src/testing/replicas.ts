import type { EventBus } from '../bus/types.js';
import { type Database, openDatabase } from '../db/database.js';
import type { ServiceInstance } from '../http/service.js';
import type { Backend } from './index.js';
import type { TestServiceContext } from './service.js';

export interface TwoReplicas<I extends ServiceInstance, S extends Record<string, unknown>> {
  first: I;
  second: I;
  /** A connection of the test's own to the replicas' database. */
  db: Database<S>;
  /** The bus the first replica is connected to. */
  bus: EventBus;
}

/**
 * Two instances of one service on one database and one bus, each on a bus connection of its
 * own, as two pods of a Deployment; started at once, so their timers fire together. Everything
 * is stopped and dropped after `run`, whether it passed or not. Needs a shared database: PGlite
 * lives inside one process.
 */
export async function withTwoReplicas<I extends ServiceInstance, S extends Record<string, unknown>>(
  backend: Backend,
  service: { name: string; start(context: TestServiceContext): Promise<I> },
  database: { schema: S; migrationsFolder: string },
  run: (replicas: TwoReplicas<I, S>) => Promise<void>,
): Promise<void> {
  const shared = await backend.database();
  const testBus = await backend.bus(`${service.name}-replicas`);
  const identityFetch = () => Promise.reject(new Error('identity is not part of this test'));
  const [first, second] = await Promise.all([
    service.start({ databaseUrl: shared.url, bus: testBus.bus, identityFetch }),
    testBus
      .reconnect()
      .then((bus) => service.start({ databaseUrl: shared.url, bus, identityFetch })),
  ]);
  const handle = await openDatabase({
    service: service.name,
    schema: database.schema,
    migrationsFolder: database.migrationsFolder,
    url: shared.url,
    poolSize: 2,
  });
  try {
    await run({ first, second, db: handle.db, bus: testBus.bus });
  } finally {
    await handle.close();
    await Promise.all([first.stop(), second.stop()]);
    await testBus.cleanup();
    await shared.drop();
  }
}
