import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets } from './db/schema.js';

/**
 * Spends every reset link of an account not used yet: once a password is set (by a link or by
 * its owner), a link mailed earlier must not set another.
 */
export async function spendPasswordResets(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
