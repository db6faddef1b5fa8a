import { eventually, serviceForTests } from '@uapqa/service-kit/testing';
import type { ParsedMail } from 'mailparser';
import { notificationsService } from '../descriptor.js';
import { readMailbox } from './mailbox.js';
import { type TestSmtp, toAddress } from './smtp.js';

/**
 * Notifications as integration stacks start it. Give `SMTP_URL` (a test SMTP server) or
 * `MAILBOX_DIR` (default: a fresh temporary folder); the form rate limit is off and retries are
 * fast unless `env` says otherwise.
 */
export function notificationsForTests(env: Record<string, string> = {}) {
  return serviceForTests(notificationsService, env);
}

/** The parsed `.eml` files of a local mailbox folder (the embedded stack's browser tests read it). */
export { type MailboxMessage, readMailbox } from './mailbox.js';
/** The real SMTP server tests read delivered mail from (other packages' stacks use it too). */
export { type ReceivedMail, startSmtp, type TestSmtp, toAddress } from './smtp.js';

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
