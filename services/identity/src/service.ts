import { fileURLToPath } from 'node:url';
import { CreatorApproved, CreatorListingChanged, IDENTITY_STREAM } from '@uapqa/contracts';
import type { ServiceInstance, ServiceStartContext } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';
import { identityApi } from './app.js';
import { startAuditConsumers } from './audit.js';
import { cookieSecure, type IdentityConfig } from './config.js';
import * as schema from './db/schema.js';
import { approvedExpertsBody } from './experts.js';
import { loadSigningKeys } from './keys.js';
import { ensureAdmin, seedDemo } from './seed.js';
import { SessionManager } from './sessions.js';
import { followSubscriptions } from './subscriptions.js';

export const IDENTITY_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Opens identity's database, starts its relay and revocation feed, and builds its app. */
export async function startIdentity(
  options: ServiceStartContext<IdentityConfig>,
): Promise<ServiceInstance> {
  const { config, bus } = options;
  const runtime = await startServiceRuntime({
    ...options,
    name: 'identity',
    schema,
    migrationsFolder: IDENTITY_MIGRATIONS,
  });
  const { db, relay, logger, revocations } = runtime;
  const keys = await loadSigningKeys(db);
  const sessions = new SessionManager({
    db,
    keys,
    relay,
    revocations,
    sessionDays: config.SESSION_DAYS,
    cookieSecure: cookieSecure(config),
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
  const expertsBody = approvedExpertsBody(db, config.CREATORS_CACHE_MS);
  relay.start();
  // Every replica watches approvals and listing changes (any replica's): each renews its own
  // list. The event leaves the outbox only after the change committed, so the list read after it
  // has it.
  const approvals = await bus.watch({
    stream: IDENTITY_STREAM,
    types: [CreatorApproved.type, CreatorListingChanged.type],
    handler: async () => expertsBody.changed(),
  });
  const auditConsumers = await startAuditConsumers(db, relay, bus);
  const subscribers = await followSubscriptions(db, relay, bus);
  const app = runtime.app(
    identityApi({
      db,
      config,
      logger,
      relay,
      keys,
      sessions,
      revocations,
      expertsBody,
      rateLimits: runtime.rateLimits,
    }),
  );
  return {
    name: 'identity',
    app,
    stop: () => runtime.stop([approvals, ...auditConsumers, subscribers]),
  };
}
