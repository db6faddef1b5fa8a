import type { Executor } from '@uapqa/service-kit/db';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.js';
import type { MailTemplate } from './templates/index.js';

/**
 * Serialises, until the transaction ends, whoever counts and enqueues mail for one address, so
 * two events handled at once cannot both see room under a limit.
 */
export async function lockAddress(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${email}`}, 0))`);
}

/** Messages of a template enqueued for an address in the last `hours` (skipped ones not counted). */
export async function recentMailTo(
  tx: Executor,
  email: string,
  template: MailTemplate,
  hours: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toEmail, email),
        eq(mailOutbox.template, template),
        ne(mailOutbox.status, 'skipped'),
        gt(mailOutbox.createdAt, sql`now() - ${hours}::integer * interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}
