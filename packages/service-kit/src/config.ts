import { z } from 'zod';

/** Raised at start when the environment is wrong; names every bad variable so an operator can fix it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with a zod object whose keys are the variable names; defaults live in the schema. */
export function loadConfig<T>(
  schema: z.ZodType<T>,
  env: Record<string, string | undefined> = process.env,
): T {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[name];
    const shown = value === undefined ? 'unset' : `"${value}"`;
    return `${name} (${shown}): ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Env helpers: environment values are strings, these turn them into what the code needs. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  /** A boolean that may be left unset (or empty): undefined then, for a default derived elsewhere. */
  optionalBoolean: () =>
    z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
          .optional(),
      )
      .transform((value) =>
        value === undefined ? undefined : value === 'true' || value === '1' || value === 'yes',
      ),
  url: () => z.url({ error: 'must be a URL' }),
  optionalUrl: () =>
    z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.url({ error: 'must be a URL' }).optional()),
  int: (fallback: number) => z.coerce.number().int().default(fallback),
  logLevel: () =>
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prefix of stream and subject names: lets test runs share a NATS server without meeting. */
  streamPrefix: () =>
    z
      .string()
      .regex(/^[a-z0-9_]*$/, 'lower-case letters, digits and _ only')
      .default(''),
  /** Copies JetStream keeps of each stream the service creates (3 on a 3-node cluster). */
  streamReplicas: () => z.coerce.number().int().min(1).max(5).default(1),
};

/** The variables every service reads. A service extends this with its own. */
export const baseServiceConfig = z.object({
  PORT: env.port(0),
  /** Unset: PGlite (embedded Postgres) in DATA_DIR, or in memory when DATA_DIR is unset too. */
  DATABASE_URL: env.optionalUrl(),
  DATA_DIR: z.string().optional(),
  /** Unset: the in-process bus (embedded mode only: it does not cross processes). */
  NATS_URL: env.optionalUrl(),
  NATS_STREAM_PREFIX: env.streamPrefix(),
  NATS_STREAM_REPLICAS: env.streamReplicas(),
  LOG_LEVEL: env.logLevel(),
  /** Rate-limit counters shared by every replica; unset, each process counts in its memory. */
  REDIS_URL: env.optionalUrl(),
  /** Where identity publishes its public keys; services verify session tokens against it. */
  IDENTITY_URL: env.url().default('http://127.0.0.1:4001'),
});
export type BaseServiceConfig = z.infer<typeof baseServiceConfig>;
