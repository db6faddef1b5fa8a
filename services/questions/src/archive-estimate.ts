import type { Executor } from '@uapqa/service-kit/db';
import { sql } from 'drizzle-orm';

/** A statement the planner can be asked about (a drizzle query builder). */
type Explainable = { toSQL(): { sql: string; params: unknown[] } };

/** The EXPLAIN of a statement with its parameters written in (EXPLAIN takes no bind parameters). */
export function explainText(statement: Explainable): string {
  const { sql: text, params } = statement.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
    return `'${text.replaceAll("'", "''")}'`;
  });
  return `explain (format json) ${inlined}`;
}

const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_SIZE = 1_000;
const estimatesByDatabase = new WeakMap<Executor, Map<string, { rows: number; at: number }>>();

/**
 * The planner's estimate changes only when the table's statistics do (analyze), so a large
 * result's total is remembered for a minute instead of costing every page a second round trip.
 * It is keyed by the filters alone (`key`: pages, cursors and sorts share it), so a hit builds
 * no statement: `statement` is called only on a miss.
 */
export async function cachedEstimate(
  db: Executor,
  key: string,
  statement: () => Explainable,
): Promise<number> {
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) {
    estimates = new Map();
    estimatesByDatabase.set(db, estimates);
  }
  const now = Date.now();
  const known = estimates.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.rows;
  const rows = await plannerEstimate(db, explainText(statement()));
  if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.clear();
  estimates.set(key, { rows, at: now });
  return rows;
}

/** The planner's row estimate for a statement (statistics, not a scan). */
async function plannerEstimate(db: Executor, explain: string): Promise<number> {
  const result = await db.execute(sql.raw(explain));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}
