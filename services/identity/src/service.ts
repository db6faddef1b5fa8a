import { fileURLToPath } from 'node:url';
import {
  createLogger,
  type EventBus,
  type Logger,
  OutboxRelay,
  openDatabase,
  RevocationList,
  type ServiceInstance,
} from '@uapqa/service-kit';
import { buildIdentityApp } from './app.js';
import type { IdentityConfig } from './config.js';
import * as schema from './db/schema.js';
import { loadSigningKeys } from './keys.js';
import { ensureAdmin, seedDemo } from './seed.js';
import { SessionManager } from './sessions.js';

export const IDENTITY_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface IdentityServiceOptions {
  config: IdentityConfig;
  bus: EventBus;
  logger?: Logger;
}

/** Opens identity's database, starts its relay and revocation feed, and builds its app. */
export async function startIdentity(options: IdentityServiceOptions): Promise<ServiceInstance> {
  const { config, bus } = options;
  const logger = options.logger ?? createLogger('identity', config.LOG_LEVEL);
  const database = await openDatabase({
    service: 'identity',
    schema,
    migrationsFolder: IDENTITY_MIGRATIONS,
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const { db } = database;
  const relay = new OutboxRelay(db, bus, { logger });
  const revocations = new RevocationList();
  const keys = await loadSigningKeys(db);
  const sessions = new SessionManager({
    db,
    keys,
    relay,
    revocations,
    sessionDays: config.SESSION_DAYS,
    cookieSecure: config.COOKIE_SECURE,
  });
  if (config.SEED_DEMO) await seedDemo(db, config.DEMO_PASSWORD, logger);
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    await ensureAdmin(
      db,
      {
        username: config.ADMIN_USERNAME,
        password: config.ADMIN_PASSWORD,
        email: config.ADMIN_EMAIL,
      },
      logger,
    );
  }
  relay.start();
  const following = await revocations.follow(bus);
  const app = buildIdentityApp(
    { db, config, logger, relay, keys, sessions, revocations },
    {
      database: async () => {
        await database.ping();
        return true;
      },
      bus: () => bus.ready(),
    },
  );
  return {
    name: 'identity',
    app,
    async stop() {
      await following.stop();
      await relay.stop();
      await database.close();
    },
  };
}
