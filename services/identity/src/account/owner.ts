import { badRequest, unauthorized } from '@uapqa/service-kit';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { verifyPassword } from '../passwords.js';
import { userColumns } from '../users.js';

/** Wrong passwords typed by one account, counted (a 429 past the limit) and cleared. */
export interface PasswordChecks {
  consume(key: string): Promise<void>;
  reset(key: string): unknown;
}

/** The caller's account once they typed its password (a 400 on `field` otherwise). */
export async function provenOwner(
  db: IdentityDeps['db'],
  checks: PasswordChecks,
  proof: { userId: number; password: string; field: string },
) {
  const key = `user:${proof.userId}`;
  await checks.consume(key);
  const [owner] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, proof.userId));
  if (!owner) throw unauthorized();
  if (!(await verifyPassword(owner.passwordHash, proof.password))) {
    throw badRequest('That is not your current password.', proof.field);
  }
  await checks.reset(key);
  return owner;
}
