import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { notificationsConfigSchema } from './config.js';
import { startNotifications } from './service.js';

/** Notifications: every email, the waitlist, the newsletter and contact messages. */
export const notificationsService = defineService({
  name: 'notifications',
  configSchema: notificationsConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: (context) => startNotifications(context),
  // Forms are sent faster than any person would and mail is retried fast; without a test SMTP
  // server, mail lands in a fresh folder of its own, never in another run's.
  testDefaults: (settings) => ({
    FORM_RATE_LIMIT_PER_MINUTE: '0',
    MAIL_POLL_MS: '200',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '1000',
    ...(settings.SMTP_URL || settings.MAILBOX_DIR
      ? {}
      : { MAILBOX_DIR: mkdtempSync(join(tmpdir(), 'uapqa-mailbox-')) }),
  }),
});
