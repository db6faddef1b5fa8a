import { fileURLToPath } from 'node:url';
import type { ServiceInstance, ServiceStartContext } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';
import { notificationsApi } from './app.js';
import type { NotificationsConfig } from './config.js';
import * as schema from './db/schema.js';
import type { NotificationsDeps } from './deps.js';
import { startConsumers } from './events/consumers.js';
import { mailboxTransport, smtpTransport } from './mail/transport.js';
import { MailWorker } from './mail/worker.js';
import { UnsubscribeTokens } from './preferences/tokens.js';

export const NOTIFICATIONS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface NotificationsInstance extends ServiceInstance {
  /** Attempts the messages due now (the worker also runs on its own); returns how many. */
  deliverMail(): Promise<number>;
  /** Messages not yet sent nor given up. */
  mailBacklog(): Promise<number>;
  /** Where messages go: the SMTP server, or the absolute path of the local mailbox folder. */
  mailTarget: { kind: 'smtp' | 'mailbox'; target: string };
}

export async function startNotifications(
  options: ServiceStartContext<NotificationsConfig>,
): Promise<NotificationsInstance> {
  const { config, bus } = options;
  const runtime = await startServiceRuntime({
    ...options,
    name: 'notifications',
    schema,
    migrationsFolder: NOTIFICATIONS_MIGRATIONS,
  });
  const { db, logger } = runtime;
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : mailboxTransport(config.MAILBOX_DIR);
  const unsubscribeTokens = await UnsubscribeTokens.load(db, config.UNSUBSCRIBE_SECRET);
  const mail = new MailWorker(db, transport, {
    unsubscribeTokens,
    from: config.MAIL_FROM,
    publicUrl: config.PUBLIC_URL,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    pollIntervalMs: config.MAIL_POLL_MS,
    leaseMs: config.MAIL_LEASE_MS,
    logger,
  });
  logger.info({ transport: transport.kind, target: transport.target }, 'mail transport');
  const deps: NotificationsDeps = {
    db,
    config,
    logger,
    mail,
    unsubscribeTokens,
    rateLimits: runtime.rateLimits,
  };
  mail.start();
  const consumers = await startConsumers(deps, bus);

  const app = runtime.app(notificationsApi(deps));
  return {
    name: 'notifications',
    app,
    mailTarget: { kind: transport.kind, target: transport.target },
    deliverMail: () => mail.deliverDue(),
    mailBacklog: () => mail.backlog(),
    async stop() {
      for (const consumer of consumers) await consumer.stop();
      await mail.stop();
      await runtime.stop();
    },
  };
}
