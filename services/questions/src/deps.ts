import type { Database, EventBus, Logger, OutboxRelay } from '@uapqa/service-kit';
import type { QuestionsConfig } from './config.js';
import type * as schema from './db/schema.js';

export interface QuestionsDeps {
  db: Database<typeof schema>;
  config: QuestionsConfig;
  logger: Logger;
  relay: OutboxRelay;
  bus: EventBus;
}
