import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBus, FetchImplementation } from '@uapqa/service-kit';
import { notificationsConfigSchema } from './config.js';
import { startNotifications } from './service.js';

/**
 * Notifications as integration stacks start it. Give `SMTP_URL` (a test SMTP server) or
 * `MAILBOX_DIR` (default: a fresh temporary folder); the form rate limit is off and retries are
 * fast unless `env` says otherwise.
 */
export function notificationsForTests(env: Record<string, string> = {}) {
  return {
    name: 'notifications' as const,
    start: ({
      databaseUrl,
      bus,
      identityFetch,
    }: {
      databaseUrl: string | undefined;
      bus: EventBus;
      identityFetch: FetchImplementation;
    }) =>
      startNotifications({
        bus,
        identityFetch,
        config: notificationsConfigSchema.parse({
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'silent',
          FORM_RATE_LIMIT_PER_MINUTE: '0',
          MAIL_POLL_MS: '200',
          MAIL_RETRY_BASE_MS: '100',
          MAIL_RETRY_MAX_MS: '1000',
          ...(env.SMTP_URL || env.MAILBOX_DIR
            ? {}
            : { MAILBOX_DIR: mkdtempSync(join(tmpdir(), 'uapqa-mailbox-')) }),
          ...env,
        }),
      }),
  };
}

/** The parsed `.eml` files of a local mailbox folder (the embedded stack's browser tests read it). */
export { type MailboxMessage, readMailbox } from './test-mailbox.js';
/** The real SMTP server tests read delivered mail from (other packages' stacks use it too). */
export { type ReceivedMail, startSmtp, type TestSmtp, toAddress } from './test-smtp.js';
