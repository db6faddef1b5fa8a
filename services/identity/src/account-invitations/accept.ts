import {
  ACCOUNT_INVITATION_TTL_DAYS,
  type AcceptInvitationBody,
  createEvent,
  IDENTITY_STREAM,
  type IdentityUser,
  UserRegistered,
} from '@uapqa/contracts';
import { badRequest, HttpError, uniqueViolation } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { accountInvitations, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashLinkToken, linkState } from '../link-tokens.js';
import { hashPassword } from '../passwords.js';
import { announcedAccount, userColumns } from '../users.js';
import { nameInUse, USERNAME_TAKEN } from './name-in-use.js';

/**
 * The invited person chooses their password: creates the account the invitation names, with its
 * role and a confirmed address, and answers it, to be signed in. A sign-up waiting for the same
 * address's confirmation is replaced (the link proves the address). An unknown token is a 400,
 * a used or expired one a 410, a name a confirmed account took meanwhile a 409.
 */
export async function acceptInvitation(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  { token, password }: AcceptInvitationBody,
): Promise<IdentityUser> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const outcome = await db
    .transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(accountInvitations)
        .where(eq(accountInvitations.tokenHash, hashLinkToken(token)))
        .for('update');
      const state = linkState(invitation, now);
      if (state !== 'live') return state;
      const inUse = await nameInUse(tx, invitation!);
      if (inUse) return inUse;
      // Nobody proved this address before; its pending sign-up (and links) go.
      await tx
        .delete(users)
        .where(and(eq(users.email, invitation!.email), isNull(users.emailVerifiedAt)));
      const [user] = await tx
        .insert(users)
        .values({
          username: invitation!.username,
          email: invitation!.email,
          passwordHash,
          firstName: invitation!.firstName,
          lastName: invitation!.lastName,
          role: invitation!.role,
          emailVerifiedAt: now,
        })
        .returning(userColumns);
      await tx
        .update(accountInvitations)
        .set({ usedAt: now, userId: user!.id })
        .where(eq(accountInvitations.id, invitation!.id));
      // Other invitations of the same address die with the first one accepted.
      await tx
        .update(accountInvitations)
        .set({ usedAt: now })
        .where(
          and(eq(accountInvitations.email, invitation!.email), isNull(accountInvitations.usedAt)),
        );
      await enqueue(tx, IDENTITY_STREAM, createEvent(UserRegistered, announcedAccount(user!)));
      return user!;
    })
    .catch((error: unknown) => {
      // A sign-up confirmed at the same moment under this name: said as a taken name.
      if (uniqueViolation(error)) return { field: 'username' as const, message: USERNAME_TAKEN };
      throw error;
    });
  if (outcome === 'invalid') {
    throw badRequest(
      'This invitation link is not valid. Please check that you opened the whole link from the email.',
      'token',
    );
  }
  if (outcome === 'used') {
    throw new HttpError(
      410,
      'This invitation has already been used to create the account. Please sign in.',
      { field: 'token', reason: 'used' },
    );
  }
  if (outcome === 'expired') {
    throw new HttpError(
      410,
      `This invitation has expired (links work for ${ACCOUNT_INVITATION_TTL_DAYS} days). Please ask the person who invited you for a new one.`,
      { field: 'token' },
    );
  }
  if ('message' in outcome) {
    throw new HttpError(
      409,
      `${outcome.message} Please ask the person who invited you for a new invitation.`,
      { field: outcome.field },
    );
  }
  relay.kick();
  return outcome;
}
