import {
  createEvent,
  IDENTITY_STREAM,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordChanged,
  type PasswordResetConfirmBody,
  PasswordResetRequested,
} from '@uapqa/contracts';
import { badRequest, HttpError } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { passwordResets, users } from './db/schema.js';
import type { IdentityDeps } from './deps.js';
import { hashLinkToken, linkState, newLinkToken } from './link-tokens.js';
import { spendPasswordResets } from './password-links.js';
import { hashPassword } from './passwords.js';

type Limiter = { consume(key: string): Promise<void> };

/**
 * Mails a link to choose a new password to the address of a confirmed account, a few times an
 * hour at most (`perAccount`, silently). Whether the address has an account is never told; the
 * typed address is limited (`perAddress`, a 429) whatever it is.
 */
export async function requestPasswordReset(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  limits: { perAddress: Limiter; perAccount: Limiter },
  email: string,
): Promise<void> {
  await limits.perAddress.consume(`email:${email}`);
  const [account] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt), isNull(users.closedAt)));
  const allowed =
    account &&
    (await limits.perAccount.consume(`user:${account.id}`).then(
      () => true,
      () => false,
    ));
  if (!account || !allowed) return;
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ tokenHash, userId: account.id, expiresAt });
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(PasswordResetRequested, {
        userId: account.id,
        email: account.email,
        firstName: account.firstName,
        token,
        expiresAt: expiresAt.toISOString(),
      }),
    );
  });
  relay.kick();
}

/**
 * Sets a new password with the token of a reset link: ends every session of the account and
 * mails its owner that the password changed; nobody is signed in. An unknown link is a 400, a
 * used or expired one a 410.
 */
export async function confirmPasswordReset(
  { db, relay, sessions }: Pick<IdentityDeps, 'db' | 'relay' | 'sessions'>,
  body: PasswordResetConfirmBody,
): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashLinkToken(body.token)))
      .for('update');
    const state = linkState(link, now);
    if (!link || state !== 'live') return state === 'live' ? ('invalid' as const) : state;
    const [owner] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, link.userId))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!owner) return 'invalid' as const;
    await spendPasswordResets(tx, owner.id, now);
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(PasswordChanged, {
        userId: owner.id,
        email: owner.email,
        firstName: owner.firstName,
        how: 'reset',
        changedAt: now.toISOString(),
      }),
    );
    return owner;
  });
  if (outcome === 'invalid') {
    throw badRequest(
      'This password reset link is not valid. Please check that you opened the whole link from the email, or ask for a new one.',
      'token',
    );
  }
  if (outcome === 'used') {
    throw new HttpError(
      410,
      'This password reset link has already been used. Sign in with your new password, or ask for a new link.',
      { field: 'token', reason: 'used' },
    );
  }
  if (outcome === 'expired') {
    throw new HttpError(
      410,
      `This password reset link has expired (links work for ${PASSWORD_RESET_TTL_MINUTES} minutes). Please ask for a new one.`,
      { field: 'token', reason: 'expired' },
    );
  }
  // Whoever held a session (maybe the reason for the reset) is signed out everywhere.
  await sessions.revoke({ userId: outcome.id });
  relay.kick();
}
