/** SQLSTATE codes the services react to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * The Postgres error under drizzle's wrapper, from postgres.js or PGlite: its SQLSTATE code and,
 * when known, the constraint it broke. Null for anything that is not a database error.
 */
export function postgresError(error: unknown): { code: string; constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const named = candidate.constraint_name ?? candidate.constraint;
      const fromMessage =
        typeof candidate.message === 'string'
          ? /"([^"]+)"/.exec(candidate.message)?.[1]
          : undefined;
      return { code: candidate.code, constraint: String(named ?? fromMessage ?? '') };
    }
    current = candidate.cause;
  }
  return null;
}

/** The broken unique constraint, or null when `error` is something else. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  const found = postgresError(error);
  return found?.code === PG_UNIQUE_VIOLATION ? { constraint: found.constraint } : null;
}
