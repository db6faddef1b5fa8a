import { env } from '@uapqa/service-kit';
import { z } from 'zod';

export const gatewayConfigSchema = z.object({
  PORT: env.port(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel(),
  /** Base URL of each service; a service without one is not deployed and its routes answer 503. */
  IDENTITY_URL: env.optionalUrl(),
  BILLING_URL: env.optionalUrl(),
  QUESTIONS_URL: env.optionalUrl(),
  MODERATION_URL: env.optionalUrl(),
  NOTIFICATIONS_URL: env.optionalUrl(),
  /** The bus, to follow session revocations; unset in embedded mode (the launcher passes one). */
  NATS_URL: env.optionalUrl(),
  NATS_STREAM_PREFIX: env.streamPrefix(),
  NATS_STREAM_REPLICAS: env.streamReplicas(),
  /** Extra origins allowed to send cookie-authenticated mutations (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  TRUST_PROXY: env.boolean(false),
  BODY_LIMIT_BYTES: env.int(1024 * 1024),
  /** Requests per client address per minute on /api; 0 turns the limit off (load tests). */
  RATE_LIMIT_PER_MINUTE: env.int(1200),
  /**
   * Counts that limit in Redis, shared by every gateway replica (and the services' limits in
   * theirs); unset, each process counts in its own memory. While Redis is unreachable each
   * process falls back to its own memory and logs a warning.
   */
  REDIS_URL: env.optionalUrl(),
  /** Folder holding the frontends' builds (`<name>/dist`); unset uses the repository's. */
  FRONTENDS_DIR: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: env.int(15_000),
  /**
   * How long the public experts, categories and topics lists are served from memory (0:
   * never). Changes announced on the bus, and writes through this gateway, show at once.
   */
  PUBLIC_LISTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * The payment provider billing uses, as billing's own PAYMENT_PROVIDER names it. With `stripe`
   * the pages may load Stripe Elements (its hosts are in the CSP); with `local` (the embedded
   * demo) no page talks to Stripe, so the CSP names none of its hosts.
   */
  PAYMENT_PROVIDER: z
    .enum(['stripe', 'local'], { error: "PAYMENT_PROVIDER must be 'stripe' or 'local'" })
    .default('local'),
  /** Bearer token for GET /metrics; unset: /metrics answers loopback/private addresses only. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  /**
   * Where each remote's `mf-manifest.json` is deployed. Unset: the gateway's own build under
   * `/remotes/<name>/`. The shell reads these at run time (`/remotes.json`), so a remote moves or
   * redeploys without a shell rebuild.
   */
  REMOTE_MEMBERS_URL: z.string().optional(),
  REMOTE_EXPERTS_URL: z.string().optional(),
  REMOTE_STAFF_URL: z.string().optional(),
  /**
   * The site's public address (`https://uapanswers.example`), for the links a crawler keeps:
   * the sitemap's and a question page's canonical URL. Unset: the request's own origin, which
   * behind a proxy that ends TLS would read `http://`.
   */
  PUBLIC_URL: env.optionalUrl(),
  /** URLs per sitemap page; past one page `/sitemap.xml` is an index of pages (at most 50,000). */
  SITEMAP_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(50_000),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
