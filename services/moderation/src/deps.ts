import type { Logger } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import type { ModerationConfig } from './config.js';
import type * as schema from './db/schema.js';

export interface ModerationDeps {
  db: Database<typeof schema>;
  config: ModerationConfig;
  logger: Logger;
  relay: OutboxRelay;
  /** Tells the release timer that a held decision was added or taken back. */
  releases: { changed(): void };
}
