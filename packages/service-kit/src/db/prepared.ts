import type { Executor } from './database.js';

const byDatabase = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement built and prepared once per database under `name`, then reused: building drizzle's
 * SQL and PostgreSQL's plan cost more than running a small statement. `build` must give the same
 * statement for the same name.
 */
export function preparedOnce<T>(db: Executor, name: string, build: () => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}
