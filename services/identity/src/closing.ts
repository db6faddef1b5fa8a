import {
  AccountClosed,
  CreatorListingChanged,
  createEvent,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import { HttpError } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { accountInvitations, emailVerifications, expertProfiles, users } from './db/schema.js';
import type { IdentityDeps } from './deps.js';
import { holdNames } from './held-names.js';
import { verifyPassword } from './passwords.js';

/**
 * What a closed account's row keeps: nothing that names or reaches a person. The placeholders
 * fill the NOT NULL, unique columns; `~` is never in a username one can register, and the
 * `.invalid` domain never receives mail, so neither can be signed in with nor mailed.
 */
export function closedAccountFields(userId: number) {
  return {
    username: `~closed-${userId}`,
    email: `closed-${userId}@closed.invalid`,
    passwordHash: '',
    firstName: null,
    lastName: null,
  };
}

/**
 * Closes the account of `userId` once its password is confirmed. In one transaction: every
 * session ends (SessionRevoked), pending links are spent, an expert leaves every list
 * (CreatorListingChanged, `deleted`) and loses their profile, the name and address are held for
 * a while (held-names.ts) and cleared from the row, and AccountClosed tells the other services
 * to remove their copies. Wrong password: a 401 and nothing changes.
 */
export async function closeAccount(
  deps: IdentityDeps,
  userId: number,
  password: string,
): Promise<void> {
  const { db, sessions } = deps;
  const [found] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
  if (!found || !(await verifyPassword(found.passwordHash, password))) {
    // 403, not 401: the session is fine (a 401 would send the page to sign in again). The same
    // answer for an account closed meanwhile: its session is about to be refused anyway.
    throw new HttpError(403, 'That password is not right. Your account has not been closed.', {
      field: 'password',
    });
  }
  const closedAt = new Date();
  await db.transaction(async (tx) => {
    // Locks the row: two closings at once close it once.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .for('update');
    if (!user) return;
    await sessions.revokeWithin(tx, { userId });
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    // The invitation that created the account names it and its address too.
    await tx.delete(accountInvitations).where(eq(accountInvitations.userId, userId));
    const profiles = await tx
      .delete(expertProfiles)
      .where(eq(expertProfiles.userId, userId))
      .returning({
        id: expertProfiles.id,
        status: expertProfiles.status,
        listed: expertProfiles.listed,
      });
    const listed = profiles.filter((profile) => profile.status === 'approved' && profile.listed);
    await enqueue(
      tx,
      IDENTITY_STREAM,
      ...listed.map((profile) =>
        createEvent(CreatorListingChanged, {
          creatorId: profile.id,
          userId,
          listed: false,
          reason: 'deleted',
        }),
      ),
    );
    await holdNames(tx, user, closedAt);
    await tx
      .update(users)
      .set({ ...closedAccountFields(userId), closedAt })
      .where(eq(users.id, userId));
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(AccountClosed, {
        userId,
        email: user.email,
        firstName: user.firstName,
        role: user.role,
        closedAt: closedAt.toISOString(),
      }),
    );
  });
  deps.relay.kick();
}
