import {
  ACCOUNT_INVITATION_TTL_DAYS,
  AcceptInvitationBody,
  AccountInvitationBody,
  AccountInvitationCreated,
  AccountInvited,
  createEvent,
  IDENTITY_STREAM,
  IdentityUser,
  invitationPath,
  UserRegistered,
} from '@uapqa/contracts';
import {
  addDays,
  answer,
  apiDoc,
  badRequest,
  currentSession,
  HEADERS,
  HttpError,
  PUBLIC,
  readJson,
  requireRole,
  uniqueViolation,
} from '@uapqa/service-kit';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordStaffAction } from '../audit.js';
import { accountInvitations, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { heldFor } from '../held-names.js';
import { hashLinkToken, linkState, newLinkToken } from '../link-tokens.js';
import { hashPassword } from '../passwords.js';
import { announcedAccount, userColumns } from '../users.js';
import { adminDoc } from './admin-doc.js';

const USERNAME_TAKEN = 'This username is already taken.';
const EMAIL_TAKEN = 'This address already has an account.';

/**
 * Why `wanted` cannot be given to a new account now, or null: a confirmed account (or one
 * closed lately) holds the username or the address. An address waiting for its confirmation
 * link does not count: whoever proves it first owns it.
 */
async function nameInUse(
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

/**
 * Accounts created by an admin: the admin names the person, the address and the role; the
 * account exists only once the invited person opens the mailed link and chooses a password,
 * which also proves the address is theirs. So no password is ever chosen for someone else.
 */
export function accountInvitationRoutes(deps: IdentityDeps): Hono {
  const { db, sessions } = deps;
  const app = new Hono();

  app.post(
    '/api/admin/invitations',
    requireRole('admin'),
    adminDoc({
      operationId: 'inviteAccount',
      summary: 'Invite someone to a new account with a role',
      description: `Mails a link to the address with which the invited person chooses a password, confirming the address and creating the account (once, for ${ACCOUNT_INVITATION_TTL_DAYS} days). The answer carries the link's path, so the admin can also hand it over another way. A username or address that a confirmed account holds is a 409.`,
      body: AccountInvitationBody,
      ok: { 201: answer(AccountInvitationCreated, 'Invited; the link is on its way.') },
      errors: [409],
    }),
    async (c) => {
      const body = await readJson(c, AccountInvitationBody);
      const inUse = await nameInUse(db, body);
      if (inUse) throw new HttpError(409, inUse.message, { field: inUse.field });
      const { token, tokenHash } = newLinkToken();
      const { userId: adminId } = currentSession(c);
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
      deps.relay.kick();
      return c.json(
        {
          id: invitation.id,
          email: body.email,
          username: body.username,
          role: body.role,
          expiresAt: expiresAt.toISOString(),
          invitationPath: invitationPath(token),
        },
        201,
      );
    },
  );

  app.post(
    '/api/invitations/accept',
    apiDoc({
      operationId: 'acceptInvitation',
      summary: 'Choose the password of an invited account, which creates it, and sign in',
      description:
        "Creates the account the invitation names, with its role and a confirmed address, and sets the `session` and `session_refresh` cookies. An unknown token is a 400; a used or expired one a 410; a 409 when a confirmed account took the username or address meanwhile. A sign-up waiting for the same address's confirmation is replaced: the link proves the address.",
      tag: 'identity',
      access: PUBLIC,
      body: AcceptInvitationBody,
      ok: {
        200: { ...answer(IdentityUser, 'Created and signed in.'), headers: HEADERS.sessionCookies },
      },
      errors: [409, 410],
    }),
    async (c) => {
      const { token, password } = await readJson(c, AcceptInvitationBody);
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
              and(
                eq(accountInvitations.email, invitation!.email),
                isNull(accountInvitations.usedAt),
              ),
            );
          await enqueue(tx, IDENTITY_STREAM, createEvent(UserRegistered, announcedAccount(user!)));
          return user!;
        })
        .catch((error: unknown) => {
          // A sign-up confirmed at the same moment under this name: said as a taken name.
          if (uniqueViolation(error))
            return { field: 'username' as const, message: USERNAME_TAKEN };
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
      deps.relay.kick();
      await sessions.start(c, outcome);
      return c.json(outcome);
    },
  );

  return app;
}
