import { join } from 'node:path';
import { billingConfigSchema, startBilling } from '@uapqa/billing';
import type { ServiceName } from '@uapqa/gateway';
import { identityConfigSchema, startIdentity } from '@uapqa/identity';
import { moderationConfigSchema, startModeration } from '@uapqa/moderation';
import { notificationsConfigSchema, startNotifications } from '@uapqa/notifications';
import { questionsConfigSchema, startQuestions } from '@uapqa/questions';
import type { EventBus, FetchImplementation, ServiceInstance } from '@uapqa/service-kit';
import type { EmbeddedConfig } from './config.js';

/**
 * The services the embedded process mounts, each on its own PGlite data folder. A service
 * joins the product by adding its entry here and its package to this one's dependencies.
 */
export const EMBEDDED_SERVICES: Array<{
  name: ServiceName;
  start(
    config: EmbeddedConfig,
    bus: EventBus,
    identityFetch: FetchImplementation,
  ): Promise<ServiceInstance>;
}> = [
  {
    name: 'identity',
    start: (config, bus) =>
      startIdentity({
        bus,
        config: identityConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'identity'),
          SEED_DEMO: 'true',
          DEMO_PASSWORD: config.DEMO_PASSWORD,
          COOKIE_SECURE: String(config.COOKIE_SECURE),
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
  {
    name: 'billing',
    start: (config, bus, identityFetch) =>
      startBilling({
        bus,
        identityFetch,
        config: billingConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'billing'),
          // Embedded mode never takes money: payments are confirmed by the local provider.
          PAYMENT_PROVIDER: 'local',
          // The demo `member` starts as a paying subscriber, so a newcomer can ask at once.
          DEMO_SUBSCRIBER: 'member',
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
  {
    name: 'questions',
    start: (config, bus, identityFetch) =>
      startQuestions({
        bus,
        identityFetch,
        config: questionsConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'questions'),
          SEED_DEMO: 'true',
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
  {
    name: 'moderation',
    start: (config, bus, identityFetch) =>
      startModeration({
        bus,
        identityFetch,
        config: moderationConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'moderation'),
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
  {
    name: 'notifications',
    start: (config, bus, identityFetch) =>
      startNotifications({
        bus,
        identityFetch,
        config: notificationsConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'notifications'),
          // No mail server in embedded mode: every message lands as an .eml file to open.
          MAILBOX_DIR: join(config.DATA_DIR, 'mailbox'),
          // Links in emails lead to this very process (startEmbedded fills it in once listening).
          PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
];
