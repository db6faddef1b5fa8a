import type { IdentityUser } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit';
import { eq, sql } from 'drizzle-orm';
import { settings, users } from './db/schema.js';

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

export async function findUserById(db: Executor, id: number): Promise<IdentityUser | null> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return user ?? null;
}

/** Login accepts the username (any case) or the email address. */
export async function findUserForLogin(db: Executor, login: string) {
  const [user] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or ${users.email} = lower(${login})`)
    .limit(1);
  return user ?? null;
}

export const WAITLIST_SETTING = 'waitlist_enabled';

export async function waitlistEnabled(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WAITLIST_SETTING));
  return row?.value === 'true';
}
