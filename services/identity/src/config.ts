import { baseServiceConfig, env } from '@uapqa/service-kit';
import { z } from 'zod';

export const identityConfigSchema = baseServiceConfig.extend({
  PORT: env.port(4001),
  /** The site's public address; an https one makes the session cookies Secure by default. */
  PUBLIC_URL: env.optionalUrl(),
  /** Mark cookies Secure (unset: whether PUBLIC_URL is https); an explicit value wins. */
  COOKIE_SECURE: env.optionalBoolean(),
  /** Trust X-Forwarded-For from the gateway for per-IP limits. */
  TRUST_PROXY: env.boolean(true),
  /** Embedded mode: create the demo accounts when the database is empty. */
  SEED_DEMO: env.boolean(false),
  DEMO_PASSWORD: z.string().min(8).default('disclosure-demo'),
  /** Distributed mode: the first admin account, created if it does not exist. */
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  ADMIN_EMAIL: z.string().optional(),
  SESSION_DAYS: env.int(30),
  /**
   * How long the public list of approved experts is served from memory. Every replica renews
   * it at once on an approval (its own, or any replica's, watched on the bus); this only bounds
   * changes nobody announces (a script's). 0 reads it from the database every time.
   */
  CREATORS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** Whether session cookies carry Secure: as set, else whenever the site is served over https. */
export function cookieSecure(
  config: Pick<IdentityConfig, 'COOKIE_SECURE' | 'PUBLIC_URL'>,
): boolean {
  return config.COOKIE_SECURE ?? config.PUBLIC_URL?.startsWith('https:') ?? false;
}
