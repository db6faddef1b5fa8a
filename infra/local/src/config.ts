import { fileURLToPath } from 'node:url';
import { env } from '@uapqa/service-kit';
import { z } from 'zod';

export const localConfigSchema = z.object({
  /** The gateway's port; the services take BASE_PORT+1, +2, … */
  PORT: env.port(3000),
  BASE_PORT: env.port(4000),
  /** A PostgreSQL server URL; each service gets its own database on it (created if missing). */
  POSTGRES_URL: env.url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('uapqa_'),
  NATS_URL: env.url().default('nats://127.0.0.1:4222'),
  NATS_STREAM_PREFIX: env.streamPrefix(),
  ADMIN_USERNAME: z.string().default('admin'),
  /** A local-only default; set your own anywhere that is not your machine. */
  ADMIN_PASSWORD: z.string().min(12).default('local-admin-password'),
  LOG_LEVEL: env.logLevel(),
  /** Notifications' mail relay; unset, mail is written as .eml files to MAILBOX_DIR. */
  SMTP_URL: z.string().optional(),
  MAILBOX_DIR: z
    .string()
    .default(fileURLToPath(new URL('../../../.data/mailbox', import.meta.url))),
  /** Cluster mode (`--cluster`): the programs it runs beside the services. */
  NATS_SERVER_BIN: z.string().default('/usr/sbin/nats-server'),
  NGINX_BIN: z.string().default('/usr/sbin/nginx'),
  /** Shared rate-limit counters for every process; unset, each process counts in memory. */
  REDIS_URL: env.optionalUrl(),
  /** The site's address in the links of emails; unset, the gateway's local address. */
  PUBLIC_URL: env.url().optional(),
});
export type LocalConfig = z.infer<typeof localConfigSchema>;
