import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBus, FetchImplementation } from '@uapqa/service-kit';
import { eventually } from '@uapqa/service-kit/testing';
import type { ParsedMail } from 'mailparser';
import { notificationsConfigSchema } from './config.js';
import { startNotifications } from './service.js';
import { readMailbox } from './test-mailbox.js';
import { type TestSmtp, toAddress } from './test-smtp.js';

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

/** The token of the confirmation link a message carries (`/verify-email?token=…`), or null. */
export function verificationTokenIn(mail: ParsedMail): string | null {
  const match = /\/verify-email\?token=([A-Za-z0-9_%.~-]+)/.exec(mail.text ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Waits for the confirmation link (other than `not`) the test SMTP server received for `email`. */
export function verificationTokenFromSmtp(smtp: TestSmtp, email: string, not?: string) {
  return eventually(
    () => {
      const tokens = smtp
        .to(email)
        .map(verificationTokenIn)
        .filter((token) => token && token !== not);
      if (!tokens[0]) throw new Error(`${email}: no confirmation link yet`);
      return tokens[0];
    },
    { timeoutMs: 10_000, intervalMs: 25 },
  );
}

/** Waits for the confirmation link (other than `not`) written for `email` in a mailbox folder. */
export function verificationTokenFromMailbox(directory: string, email: string, not?: string) {
  return eventually(
    async () => {
      const tokens = (await readMailbox(directory))
        .filter(({ mail }) => toAddress(mail) === email.toLowerCase())
        .map(({ mail }) => verificationTokenIn(mail))
        .filter((token) => token && token !== not);
      if (!tokens[0]) throw new Error(`${email}: no confirmation link yet`);
      return tokens[0];
    },
    { timeoutMs: 10_000, intervalMs: 50 },
  );
}
