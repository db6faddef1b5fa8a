import type { Logger, RateLimitStore } from '@uapqa/service-kit';
import type { Database } from '@uapqa/service-kit/db';
import type { NotificationsConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { MailWorker } from './mail/worker.js';
import type { UnsubscribeTokens } from './preferences/tokens.js';

export interface NotificationsDeps {
  db: Database<typeof schema>;
  config: NotificationsConfig;
  logger: Logger;
  mail: MailWorker;
  /** Signs and reads the one-click unsubscribe links. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Where the forms' rate limits count; this process's memory when absent. */
  rateLimits?: RateLimitStore;
}
