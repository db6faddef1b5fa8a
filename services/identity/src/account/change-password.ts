import {
  type ChangePasswordBody,
  createEvent,
  IDENTITY_STREAM,
  PasswordChanged,
} from '@uapqa/contracts';
import type { SessionClaims } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { spendPasswordResets } from '../password-links.js';
import { hashPassword } from '../passwords.js';
import { type PasswordChecks, provenOwner } from './owner.js';

/**
 * A new password, the current one typed: every other session of the account ends, this one
 * stays, and the owner is mailed that the password changed. Reset links still out die too.
 */
export async function changePassword(
  { db, sessions, relay }: Pick<IdentityDeps, 'db' | 'sessions' | 'relay'>,
  checks: PasswordChecks,
  session: Pick<SessionClaims, 'userId' | 'sessionId'>,
  body: ChangePasswordBody,
): Promise<void> {
  const owner = await provenOwner(db, checks, {
    userId: session.userId,
    password: body.currentPassword,
    field: 'currentPassword',
  });
  const passwordHash = await hashPassword(body.newPassword);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, owner.id));
    await spendPasswordResets(tx, owner.id, now);
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(PasswordChanged, {
        userId: owner.id,
        email: owner.email,
        firstName: owner.firstName,
        how: 'changed',
        changedAt: now.toISOString(),
      }),
    );
  });
  // Anyone else holding a session with the old password is out; this browser stays in.
  await sessions.revoke({ userId: owner.id, except: session.sessionId });
  relay.kick();
}
