import { baseServiceConfig, env } from '@uapqa/service-kit';
import { z } from 'zod';

/** Comma-separated milliseconds, e.g. `50,250,1000`. */
const millisecondsList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds, e.g. 50,250,1000')
  .transform((value) => value.split(',').map(Number))
  .optional();

export const notificationsConfigSchema = baseServiceConfig.extend({
  PORT: env.port(4005),
  /**
   * Where mail goes: `smtp://user:pass@host:port` (or `smtps://` for TLS from the first byte).
   * Unset: every message is written as an `.eml` file under MAILBOX_DIR instead.
   */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]+/i, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
  /** The local mailbox used when SMTP_URL is unset (relative paths start at the working folder). */
  MAILBOX_DIR: z.string().min(1).default('./.data/mailbox'),
  /** Sender of every message. */
  MAIL_FROM: z.string().min(3).default('UAP Answers <no-reply@uapanswers.local>'),
  /** Who receives contact-form messages. */
  STAFF_EMAIL: z.email({ error: 'must be an email address' }).default('staff@uapanswers.local'),
  /** The site's public address, for links in messages. */
  PUBLIC_URL: env.url().default('http://localhost:3000'),
  /**
   * Key that signs one-click unsubscribe links (at least 32 characters). Unset: one made on the
   * first start and kept in the service's database, shared by every replica.
   */
  UNSUBSCRIBE_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Attempts before a message is given up (status `failed`). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Delay after the first failed attempt; doubled after each further one, up to the max. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60 * 1000),
  /** Safety-net poll for due messages (retries, other replicas' work); enqueues kick at once. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** How long a claimed message is reserved for the replica sending it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Sign-ups and contact messages accepted per client address per minute, per form (0: off). */
  FORM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Take the client address from X-Forwarded-For (set by the gateway). */
  TRUST_PROXY: env.boolean(true),
  /** Deliveries of an event before it is dead-lettered; the delays between them. */
  EVENT_MAX_DELIVER: z.coerce.number().int().min(1).default(8),
  EVENT_BACKOFF_MS: millisecondsList,
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
