import {
  type ChangeEmailBody,
  createEvent,
  EMAIL_CHANGE_TTL_HOURS,
  EmailChangeRequested,
  IDENTITY_STREAM,
  UserEmailChanged,
} from '@uapqa/contracts';
import { badRequest, HttpError, uniqueViolation } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { emailChanges, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashLinkToken, linkState, newLinkToken } from '../link-tokens.js';
import { spendPasswordResets } from '../password-links.js';
import { announcedAccount, userColumns } from '../users.js';
import { type PasswordChecks, provenOwner } from './owner.js';

const INVALID_LINK =
  'This confirmation link is not valid. Please check that you opened the whole link from the email, or ask for the change again from your account page.';

type EmailChangeDeps = Pick<IdentityDeps, 'db' | 'relay'>;

/**
 * Asks to move the account to another address, the password typed. A link goes to the new
 * address, or, when it already belongs to an account, a notice instead (the caller is not told
 * which); the current address is told either way and stays until the link is opened.
 */
export async function requestEmailChange(
  { db, relay }: EmailChangeDeps,
  limits: {
    passwordChecks: PasswordChecks;
    emailChangeLinks: { consume(key: string): Promise<void> };
  },
  userId: number,
  body: ChangeEmailBody,
): Promise<void> {
  const owner = await provenOwner(db, limits.passwordChecks, {
    userId,
    password: body.password,
    field: 'password',
  });
  if (owner.email === body.email) {
    throw badRequest('This is already the address of your account.', 'email');
  }
  await limits.emailChangeLinks.consume(`user:${owner.id}`);
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  const link = holder ? null : newLinkToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    if (link) {
      await tx.insert(emailChanges).values({
        tokenHash: link.tokenHash,
        userId: owner.id,
        newEmail: body.email,
        expiresAt,
      });
    }
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(EmailChangeRequested, {
        userId: owner.id,
        currentEmail: owner.email,
        newEmail: body.email,
        firstName: owner.firstName,
        token: link?.token ?? null,
        expiresAt: expiresAt.toISOString(),
      }),
    );
  });
  relay.kick();
}

/**
 * The link mailed to the new address: the account takes it (confirmed), every other pending
 * change dies and the previous address is told. Answers the new address; an unknown link is a
 * 400, a used or expired one a 410, an address meanwhile another account's a 409.
 */
export async function confirmEmailChange(
  { db, relay }: EmailChangeDeps,
  token: string,
): Promise<string> {
  const now = new Date();
  const outcome = await db
    .transaction(async (tx) => {
      const [link] = await tx
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.tokenHash, hashLinkToken(token)))
        .for('update');
      const state = linkState(link, now);
      if (!link || state !== 'live') return state === 'live' ? ('invalid' as const) : state;
      const [previous] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, link.userId))
        .for('update');
      if (!previous) return 'invalid' as const;
      const [changed] = await tx
        .update(users)
        .set({ email: link.newEmail, emailVerifiedAt: now })
        .where(eq(users.id, link.userId))
        .returning(userColumns);
      if (!changed) return 'invalid' as const;
      await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.userId, link.userId), isNull(emailChanges.usedAt)));
      // A reset link mailed to the old address must not open the account any more.
      await spendPasswordResets(tx, link.userId, now);
      await enqueue(
        tx,
        IDENTITY_STREAM,
        createEvent(UserEmailChanged, {
          ...announcedAccount(changed),
          previousEmail: previous.email,
        }),
      );
      return changed;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === 'invalid') throw badRequest(INVALID_LINK, 'token');
  if (outcome === 'used') {
    throw new HttpError(410, 'This link has already been used: the address was changed.', {
      field: 'token',
      reason: 'used',
    });
  }
  if (outcome === 'expired') {
    throw new HttpError(
      410,
      `This link has expired (links work for ${EMAIL_CHANGE_TTL_HOURS} hours). Please ask for the change again from your account page.`,
      { field: 'token', reason: 'expired' },
    );
  }
  if (outcome === 'taken') {
    throw new HttpError(
      409,
      'This address now belongs to another account, so it cannot be given to yours.',
      { field: 'token' },
    );
  }
  relay.kick();
  return outcome.email;
}
