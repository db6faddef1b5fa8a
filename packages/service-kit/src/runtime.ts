import type { Hono } from 'hono';
import {
  createSessionVerifier,
  identityKeys,
  RevocationList,
  type SessionVerifier,
} from './auth/session.js';
import type { Subscription } from './bus/types.js';
import type { BaseServiceConfig } from './config.js';
import { type Database, type DatabaseHandle, openDatabase } from './db/database.js';
import { createApiServiceApp, type ServiceApi } from './http/api-service-app.js';
import { type RateLimitStore, rateLimitStore } from './http/rate-limit-store.js';
import { createLogger, type Logger } from './logger.js';
import { trackOutbox } from './metrics/registry.js';
import { OutboxRelay } from './outbox.js';
import type { ServiceStartContext } from './service-descriptor.js';

// biome-ignore lint/suspicious/noExplicitAny: drizzle's schema generics are erased at this boundary
type AnySchema = Record<string, any>;

/** What every service starts with: its database, outbox relay, session verifier and readiness. */
export interface ServiceRuntime<S extends AnySchema> {
  db: Database<S>;
  database: DatabaseHandle<S>;
  relay: OutboxRelay;
  verifier: SessionVerifier;
  /** Fed by SessionRevoked events; identity also revokes into it directly. */
  revocations: RevocationList;
  logger: Logger;
  /** Where the service's rate limits count: Redis with REDIS_URL, else this process's memory. */
  rateLimits: RateLimitStore;
  readiness: Record<string, () => Promise<boolean>>;
  /** The service's app: its API under the runtime's name, logger, readiness and verifier. */
  app(api: ServiceApi): Hono;
  /** Stops the relay, the revocation feed and the given subscriptions, then closes the database. */
  stop(subscriptions?: Subscription[]): Promise<void>;
}

/** Starts what a service's `start` was given, with the service's own name, schema and migrations. */
export async function startServiceRuntime<S extends AnySchema>(
  options: ServiceStartContext<BaseServiceConfig> & {
    name: string;
    schema: S;
    migrationsFolder: string;
  },
): Promise<ServiceRuntime<S>> {
  const { config, bus } = options;
  const logger = options.logger ?? createLogger(options.name, config.LOG_LEVEL);
  const database = await openDatabase({
    service: options.name,
    schema: options.schema,
    migrationsFolder: options.migrationsFolder,
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const relay = new OutboxRelay(database.db as Database<AnySchema>, bus, { logger });
  const untrackOutbox = trackOutbox(options.name, () => relay.lag());
  const revocations = new RevocationList();
  const following = await revocations.follow(bus);
  const verifier = createSessionVerifier({
    keys: identityKeys(config.IDENTITY_URL, options.identityFetch),
    revocations,
  });
  const rateLimits = rateLimitStore(config.REDIS_URL, logger);
  const readiness = {
    database: async () => {
      await database.ping();
      return true;
    },
    bus: () => bus.ready(),
  };
  return {
    db: database.db,
    database,
    relay,
    verifier,
    revocations,
    logger,
    rateLimits,
    readiness,
    app: (api) =>
      createApiServiceApp({
        ...api,
        name: options.name,
        logger,
        readiness,
        verifier: api.verifier ?? verifier,
      }),
    async stop(subscriptions = []) {
      for (const subscription of [...subscriptions, following]) await subscription.stop();
      await relay.stop();
      untrackOutbox();
      await rateLimits.close();
      await database.close();
    },
  };
}
