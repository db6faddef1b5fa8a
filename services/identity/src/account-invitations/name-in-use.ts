import type { Executor } from '@uapqa/service-kit/db';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { heldFor } from '../held-names.js';

export const USERNAME_TAKEN = 'This username is already taken.';
const EMAIL_TAKEN = 'This address already has an account.';

/**
 * Why `wanted` cannot be given to a new account now, or null: a confirmed account (or one
 * closed lately) holds the username or the address. An address waiting for its confirmation
 * link does not count: whoever proves it first owns it.
 */
export async function nameInUse(
  db: Executor,
  wanted: { username: string; email: string },
): Promise<{ field: 'username' | 'email'; message: string } | null> {
  const held = await heldFor(db, wanted);
  const taken = await db
    .select({ username: users.username, email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${wanted.username}) or ${users.email} = ${wanted.email}`,
    );
  const confirmedEmail = taken.some((row) => row.email === wanted.email && row.verified);
  if (held.email || confirmedEmail) return { field: 'email', message: EMAIL_TAKEN };
  const otherName = taken.some(
    (row) =>
      row.email !== wanted.email && row.username.toLowerCase() === wanted.username.toLowerCase(),
  );
  if (held.username || otherName) return { field: 'username', message: USERNAME_TAKEN };
  return null;
}
