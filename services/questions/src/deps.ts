import type { EventBus, Logger } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import type { ArchivePages } from './archive-pages.js';
import type { QuestionsConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { PublicLists } from './public-lists.js';

export interface QuestionsDeps {
  db: Database<typeof schema>;
  config: QuestionsConfig;
  logger: Logger;
  relay: OutboxRelay;
  bus: EventBus;
  /** The public archive's pages, remembered briefly; told of every write that changes them. */
  archivePages: ArchivePages;
  /** Categories, topics and the experts' windows, remembered the same way. */
  lists: PublicLists;
  /** Told when an answer deadline was set or ended, so the overdue timer looks again. */
  deadlines: { changed(): void };
}
