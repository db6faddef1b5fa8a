import {
  createEvent,
  EMAIL_VERIFICATION_TTL_HOURS,
  IDENTITY_STREAM,
  type IdentityUser,
  UserRegistered,
  type VerifyEmailBody,
} from '@uapqa/contracts';
import { badRequest, HttpError } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { emailVerifications, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashVerificationToken } from '../email-verification.js';
import { verifyPassword } from '../passwords.js';
import { announcedAccount, userColumns } from '../users.js';

/** Counts a wrong password against a link; refuses (429) past its limit. */
export type WrongPasswordLimit = (tokenHash: string) => Promise<void>;

/**
 * The link of the confirmation email, with the password chosen at sign-up: confirms the address
 * once and answers the account, to be signed in. A wrong password is a 400 on `password` (so
 * only whoever chose it can confirm), an unknown link a 400, a used or expired one a 410.
 */
export async function confirmSignUp(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  { token, password }: VerifyEmailBody,
  wrongPassword: WrongPasswordLimit,
): Promise<IdentityUser> {
  const tokenHash = hashVerificationToken(token);
  const now = new Date();
  // The password of the sign-up the link belongs to, checked before anything is locked.
  const [pending] = await db
    .select({ passwordHash: users.passwordHash, usedAt: emailVerifications.usedAt })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.tokenHash, tokenHash));
  if (pending && !pending.usedAt && !(await verifyPassword(pending.passwordHash, password))) {
    await wrongPassword(tokenHash);
    throw badRequest(
      'This is not the password this sign-up was made with. If you did not sign up with this address yourself, someone else did: sign up again with your own password, which replaces their sign-up.',
      'password',
    );
  }
  const outcome = await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, tokenHash))
      .for('update');
    if (!link) return 'invalid' as const;
    if (link.usedAt) return 'used' as const;
    if (link.expiresAt <= now) return 'expired' as const;
    // A sign-up that replaced this one since the password was checked: its link is gone.
    const [current] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, link.userId))
      .for('update');
    if (!pending || current?.passwordHash !== pending.passwordHash) return 'invalid' as const;
    // Every link of the account dies with the first one opened.
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, link.userId), isNull(emailVerifications.usedAt)));
    const [confirmed] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)))
      .returning(userColumns);
    if (confirmed) {
      // The account exists for the other services from here: only a confirmed address is ever
      // mailed (the welcome first).
      await enqueue(tx, IDENTITY_STREAM, createEvent(UserRegistered, announcedAccount(confirmed)));
      return confirmed;
    }
    const [user] = await tx.select(userColumns).from(users).where(eq(users.id, link.userId));
    return user ?? ('invalid' as const);
  });
  if (outcome === 'invalid') {
    throw badRequest(
      'This confirmation link is not valid. Please check that you opened the whole link from the email, or ask for a new one.',
      'token',
    );
  }
  if (outcome === 'used') {
    throw new HttpError(
      410,
      'This confirmation link has already been used. Your email address is confirmed: please sign in.',
      // The page offers to sign in, not a new link.
      { field: 'token', reason: 'used' },
    );
  }
  if (outcome === 'expired') {
    throw new HttpError(
      410,
      `This confirmation link has expired (links work for ${EMAIL_VERIFICATION_TTL_HOURS} hours). Please ask for a new one.`,
      { field: 'token' },
    );
  }
  relay.kick();
  return outcome;
}
