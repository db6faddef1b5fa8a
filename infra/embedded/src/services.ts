import { join } from 'node:path';
import { billingService } from '@uapqa/billing';
import type { ServiceName } from '@uapqa/gateway';
import { identityService } from '@uapqa/identity';
import { moderationService } from '@uapqa/moderation';
import { notificationsService } from '@uapqa/notifications';
import { questionsService } from '@uapqa/questions';
import type {
  EventBus,
  FetchImplementation,
  RunnableConfig,
  ServiceDescriptor,
  ServiceInstance,
  Settings,
} from '@uapqa/service-kit';
import type { EmbeddedConfig } from './config.js';

export interface EmbeddedService {
  name: ServiceName;
  start(
    config: EmbeddedConfig,
    bus: EventBus,
    identityFetch: FetchImplementation,
  ): Promise<ServiceInstance>;
}

/**
 * A service mounted in this process, on its own PGlite data folder under DATA_DIR, with the
 * settings embedded mode gives it on top of its schema's defaults.
 */
function embedded<N extends ServiceName, C extends RunnableConfig>(
  service: ServiceDescriptor<N, C>,
  settings: (config: EmbeddedConfig) => Settings = () => ({}),
): EmbeddedService {
  return {
    name: service.name,
    start: (config, bus, identityFetch) =>
      service.start({
        bus,
        identityFetch,
        config: service.configure({
          DATA_DIR: join(config.DATA_DIR, service.name),
          LOG_LEVEL: config.LOG_LEVEL,
          ...settings(config),
        }),
      }),
  };
}

/**
 * The services the embedded process mounts. A service joins the product by adding its entry
 * here and its package to this one's dependencies.
 */
export const EMBEDDED_SERVICES: EmbeddedService[] = [
  embedded(identityService, (config) => ({
    SEED_DEMO: 'true',
    DEMO_PASSWORD: config.DEMO_PASSWORD,
    COOKIE_SECURE: String(config.COOKIE_SECURE),
  })),
  embedded(billingService, () => ({
    // Embedded mode never takes money: payments are confirmed by the local provider.
    PAYMENT_PROVIDER: 'local',
    // The demo `member` starts as a paying subscriber, so a newcomer can ask at once.
    DEMO_SUBSCRIBER: 'member',
  })),
  embedded(questionsService, () => ({ SEED_DEMO: 'true' })),
  embedded(moderationService, (config) => ({
    DECISION_HOLD_SECONDS: config.DECISION_HOLD_SECONDS,
  })),
  embedded(notificationsService, (config) => ({
    // No mail server in embedded mode: every message lands as an .eml file to open.
    MAILBOX_DIR: join(config.DATA_DIR, 'mailbox'),
    // Links in emails lead to this very process (startEmbedded fills it in once listening).
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  })),
];
