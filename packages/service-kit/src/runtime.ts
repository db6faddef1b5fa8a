import type { z } from 'zod';
import {
  createSessionVerifier,
  type FetchImplementation,
  identityKeys,
  RevocationList,
  type SessionVerifier,
} from './auth/session.js';
import { connectBus } from './bus/index.js';
import type { EventBus, Subscription } from './bus/types.js';
import type { BaseServiceConfig } from './config.js';
import { loadConfig } from './config.js';
import { type Database, type DatabaseHandle, openDatabase } from './db/database.js';
import { listen, onShutdown } from './http/serve.js';
import type { ServiceInstance } from './http/service.js';
import { createLogger, type Logger } from './logger.js';
import { trackOutbox } from './metrics/registry.js';
import { OutboxRelay } from './outbox.js';

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
  readiness: Record<string, () => Promise<boolean>>;
  /** Stops the relay, the revocation feed and the given subscriptions, then closes the database. */
  stop(subscriptions?: Subscription[]): Promise<void>;
}

export async function startServiceRuntime<S extends AnySchema>(options: {
  name: string;
  config: BaseServiceConfig;
  bus: EventBus;
  schema: S;
  migrationsFolder: string;
  logger?: Logger | undefined;
  /** How to reach identity's keys (embedded mode passes an in-process fetch). */
  identityFetch?: FetchImplementation | undefined;
}): Promise<ServiceRuntime<S>> {
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
  return {
    db: database.db,
    database,
    relay,
    verifier,
    revocations,
    logger,
    readiness: {
      database: async () => {
        await database.ping();
        return true;
      },
      bus: () => bus.ready(),
    },
    async stop(subscriptions = []) {
      for (const subscription of [...subscriptions, following]) await subscription.stop();
      await relay.stop();
      untrackOutbox();
      await database.close();
    },
  };
}

/**
 * A service's `main`: reads its config from the environment, connects the bus (JetStream when
 * NATS_URL is set), starts the service, listens on PORT and stops cleanly on SIGTERM.
 */
export async function runService<C extends BaseServiceConfig>(options: {
  name: string;
  configSchema: z.ZodType<C>;
  start(context: { config: C; bus: EventBus; logger: Logger }): Promise<ServiceInstance>;
}): Promise<void> {
  const config = loadConfig(options.configSchema);
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const bus = await connectBus({
    url: config.NATS_URL,
    name: options.name,
    streamPrefix: config.NATS_STREAM_PREFIX,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    logger,
  });
  const service = await options.start({ config, bus, logger });
  const server = await listen(service.app, config.PORT);
  logger.info({ port: server.port }, `${options.name} listening`);
  onShutdown(async () => {
    await server.close();
    await service.stop();
    await bus.close();
  });
}
