/** Postgres unique-violation (23505), through drizzle's wrapper, from postgres.js or PGlite. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === '23505') {
      const constraint = candidate.constraint_name ?? candidate.constraint;
      const fromMessage =
        typeof candidate.message === 'string'
          ? /"([^"]+)"/.exec(candidate.message)?.[1]
          : undefined;
      return { constraint: String(constraint ?? fromMessage ?? '') };
    }
    current = candidate.cause;
  }
  return null;
}
