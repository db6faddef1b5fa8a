import type { Database, Logger, OutboxRelay } from '@uapqa/service-kit';
import type { ModerationConfig } from './config.js';
import type * as schema from './db/schema.js';

export interface ModerationDeps {
  db: Database<typeof schema>;
  config: ModerationConfig;
  logger: Logger;
  relay: OutboxRelay;
}
