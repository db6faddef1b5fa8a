import { createHash } from 'node:crypto';
import { CLOSED_ACCOUNT_HOLD_DAYS } from '@uapqa/contracts';
import { addDays } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, lte } from 'drizzle-orm';
import { heldNames } from './db/schema.js';

type HeldKind = (typeof heldNames.$inferInsert)['kind'];

/** Only a digest of a held name is stored: it can be matched, not read back. */
const digestOf = (value: string) =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('hex');

/** Holds a closed account's username and address for CLOSED_ACCOUNT_HOLD_DAYS from `closedAt`. */
export async function holdNames(
  tx: Executor,
  names: { username: string; email: string },
  closedAt: Date,
): Promise<void> {
  const releasedAt = addDays(closedAt, CLOSED_ACCOUNT_HOLD_DAYS);
  await tx
    .insert(heldNames)
    .values([
      { kind: 'username', digest: digestOf(names.username), releasedAt },
      { kind: 'email', digest: digestOf(names.email), releasedAt },
    ])
    .onConflictDoUpdate({ target: [heldNames.kind, heldNames.digest], set: { releasedAt } });
}

/**
 * Whether a sign-up's username or address belonged to an account closed less than
 * CLOSED_ACCOUNT_HOLD_DAYS ago. Holds that ran out are deleted on the way: they no longer count.
 */
export async function heldFor(
  db: Executor,
  wanted: { username: string; email: string },
  now = new Date(),
): Promise<{ username: boolean; email: boolean }> {
  await db.delete(heldNames).where(lte(heldNames.releasedAt, now));
  const held = async (kind: HeldKind, value: string) => {
    const [row] = await db
      .select({ kind: heldNames.kind })
      .from(heldNames)
      .where(and(eq(heldNames.kind, kind), eq(heldNames.digest, digestOf(value))));
    return row !== undefined;
  };
  const [username, email] = await Promise.all([
    held('username', wanted.username),
    held('email', wanted.email),
  ]);
  return { username, email };
}
