import { fileURLToPath } from 'node:url';
import { env } from '@uapqa/service-kit';
import { z } from 'zod';

/** The repository's git-ignored `.data` folder. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.data', import.meta.url));

export const embeddedConfigSchema = z.object({
  PORT: env.port(3000),
  HOST: z.string().default('0.0.0.0'),
  /** One PGlite database per service lives in a folder of its own under here. */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  /** The one password of every demo account. */
  DEMO_PASSWORD: z.string().min(8).default('disclosure-demo'),
  LOG_LEVEL: env.logLevel().default('warn'),
  COOKIE_SECURE: env.boolean(false),
  /** The site's address in the links of emails; unset, the address this process serves. */
  PUBLIC_URL: env.url().optional(),
  /**
   * Moderation's DECISION_HOLD_SECONDS (how long a decision can be undone before it is
   * announced), checked by moderation's own schema; unset, its default.
   */
  DECISION_HOLD_SECONDS: z.string().optional(),
});
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;
