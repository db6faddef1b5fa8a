import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { emptyCluster } from './empty-cluster.js';

// biome-ignore lint/suspicious/noExplicitAny: drizzle's schema generics are erased at this boundary
type AnySchema = Record<string, any>;

/** A drizzle database or transaction; business code cannot tell Postgres from PGlite. */
export type Database<S extends AnySchema = AnySchema> = PgDatabase<PgQueryResultHKT, S>;
// biome-ignore lint/suspicious/noExplicitAny: see AnySchema
export type Transaction = PgTransaction<PgQueryResultHKT, any, any>;
export type Executor = Database | Transaction;

export interface DatabaseHandle<S extends AnySchema> {
  db: Database<S>;
  kind: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions<S extends AnySchema> {
  /** Owning service; names its migrations table so services never skip each other's migrations. */
  service: string;
  schema: S;
  migrationsFolder: string;
  /** postgres:// URL; unset means PGlite. */
  url?: string | undefined;
  /** PGlite data folder; unset (with no url) means an in-memory database. */
  dataDir?: string | undefined;
  poolSize?: number;
}

/**
 * PGlite's buffer pool. Its default, PostgreSQL's 128 MB, is set up in the WebAssembly memory at
 * every start: half the CPU of starting the embedded stack's five databases on seeded data (3 s
 * of a two-core machine's CPU with it, 1.6 s with 16 MB). An embedded database holds a demo's
 * or a test's data, a few megabytes; deployed services run on PostgreSQL servers, tuned there.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase<S extends AnySchema>(
  options: OpenDatabaseOptions<S>,
): Promise<DatabaseHandle<S>> {
  const migrationsTable = `__drizzle_migrations_${options.service}`;
  if (options.url) {
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: options.service },
    });
    const db = drizzlePostgres({ client, schema: options.schema });
    // Several replicas may start at once: one applies the migrations while the others wait on the
    // lock, then find nothing left to apply. The lock lives on a connection of its own, so even a
    // pool of one connection can run the migrations.
    const lock = postgres(options.url, { max: 1, onnotice: () => {} });
    try {
      await lock`select pg_advisory_lock(hashtext(${migrationsTable}))`;
      await migratePostgres(db, { migrationsFolder: options.migrationsFolder, migrationsTable });
    } catch (error) {
      await client.end({ timeout: 1 });
      throw error;
    } finally {
      await lock.end({ timeout: 1 });
    }
    return {
      db: db as unknown as Database<S>,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite, drizzlePglite, migratePglite } = await pglite();
  // A data folder that holds no cluster yet starts, as an in-memory database does, from the copy
  // of an empty one: PGlite would otherwise run initdb into it, writing each file through its
  // file-system layer (about 1 s of CPU a database, five at a first start).
  const fresh = !options.dataDir || !existsSync(join(options.dataDir, 'PG_VERSION'));
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(fresh ? { loadDataDir: await emptyCluster(PGlite) } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema: options.schema });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder, migrationsTable });
  return {
    db: db as unknown as Database<S>,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * PGlite, loaded only when a service runs without a PostgreSQL server (the embedded mode, tests).
 * A deployed service runs on PostgreSQL, and its image leaves PGlite out.
 */
async function pglite() {
  try {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    return { PGlite, drizzlePglite: drizzle, migratePglite: migrate };
  } catch (error) {
    throw new Error(
      'DATABASE_URL is not set, and this build has no embedded database (PGlite): set DATABASE_URL to a postgres:// URL',
      { cause: error },
    );
  }
}
