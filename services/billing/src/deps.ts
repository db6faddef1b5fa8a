import type { Logger } from '@uapqa/service-kit';
import type { Database, OutboxRelay } from '@uapqa/service-kit/db';
import type { BillingConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { PaymentProvider } from './payments/provider.js';
import type { WebhookReceiver } from './payments/webhooks.js';

export interface BillingDeps {
  db: Database<typeof schema>;
  config: BillingConfig;
  logger: Logger;
  relay: OutboxRelay;
  provider: PaymentProvider;
  webhooks: WebhookReceiver;
}
