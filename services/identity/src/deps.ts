import type { Logger, RateLimitStore, Remembered, RevocationList } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import type { IdentityConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { SigningKeys } from './keys.js';
import type { SessionManager } from './sessions.js';

/** What the routes of identity are built from; tests and main build it the same way. */
export interface IdentityDeps {
  db: Database<typeof schema>;
  config: IdentityConfig;
  logger: Logger;
  relay: OutboxRelay;
  keys: SigningKeys;
  sessions: SessionManager;
  revocations: RevocationList;
  /** The public experts list as served, remembered; told of every approval. */
  expertsBody: Remembered<void, string>;
  /** Where the login, sign-up and application limits count; this process's memory when absent. */
  rateLimits?: RateLimitStore;
}
