import {
  ACCOUNT_INVITATION_TTL_DAYS,
  type AccountInvitationBody,
  type AccountInvitationCreated,
  AccountInvited,
  createEvent,
  IDENTITY_STREAM,
  invitationPath,
} from '@uapqa/contracts';
import { addDays, HttpError } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { recordStaffAction } from '../audit.js';
import { accountInvitations } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { newLinkToken } from '../link-tokens.js';
import { nameInUse } from './name-in-use.js';

/**
 * An admin invites someone to a new account with a role: the account exists only once the
 * invited person opens the mailed link and chooses a password, which also proves the address
 * is theirs, so no password is ever chosen for someone else. A username or address a confirmed
 * account holds is a 409.
 */
export async function inviteAccount(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  adminId: number,
  body: AccountInvitationBody,
): Promise<AccountInvitationCreated> {
  const inUse = await nameInUse(db, body);
  if (inUse) throw new HttpError(409, inUse.message, { field: inUse.field });
  const { token, tokenHash } = newLinkToken();
  const expiresAt = addDays(new Date(), ACCOUNT_INVITATION_TTL_DAYS);
  const invitation = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountInvitations)
      .values({
        tokenHash,
        email: body.email,
        username: body.username,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        role: body.role,
        invitedBy: adminId,
        expiresAt,
      })
      .returning({ id: accountInvitations.id });
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(AccountInvited, {
        invitationId: row!.id,
        email: body.email,
        username: body.username,
        firstName: body.firstName ?? null,
        role: body.role,
        token,
        expiresAt: expiresAt.toISOString(),
      }),
    );
    await recordStaffAction(tx, {
      actorId: adminId,
      action: 'account_invited',
      subjectUserId: null,
      subject: `${body.username} <${body.email}> as ${body.role}`,
      reason: null,
    });
    return row!;
  });
  relay.kick();
  return {
    id: invitation.id,
    email: body.email,
    username: body.username,
    role: body.role,
    expiresAt: expiresAt.toISOString(),
    invitationPath: invitationPath(token),
  };
}
