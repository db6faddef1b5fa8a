import {
  ACCOUNT_INVITATION_TTL_DAYS,
  AcceptInvitationBody,
  AccountInvitationBody,
  AccountInvitationCreated,
  IdentityUser,
} from '@uapqa/contracts';
import { currentSession, defineRoute, HEADERS, PUBLIC, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { acceptInvitation } from '../account-invitations/accept.js';
import { inviteAccount } from '../account-invitations/invite.js';
import type { IdentityDeps } from '../deps.js';
import { asAdmin } from './admin-route.js';

/**
 * Accounts created by an admin: the admin names the person, the address and the role; the
 * account exists once the invited person opens the mailed link and chooses a password.
 */
export function accountInvitationRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/invitations',
      ...asAdmin,
      operationId: 'inviteAccount',
      summary: 'Invite someone to a new account with a role',
      description: `Mails a link to the address with which the invited person chooses a password, confirming the address and creating the account (once, for ${ACCOUNT_INVITATION_TTL_DAYS} days). The answer carries the link's path, so the admin can also hand it over another way. A username or address that a confirmed account holds is a 409.`,
      body: AccountInvitationBody,
      ok: { 201: response(AccountInvitationCreated, 'Invited; the link is on its way.') },
      errors: [409],
    },
    async (c, { body }) => c.json(await inviteAccount(deps, currentSession(c).userId, body), 201),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/invitations/accept',
      operationId: 'acceptInvitation',
      summary: 'Choose the password of an invited account, which creates it, and sign in',
      description:
        "Creates the account the invitation names, with its role and a confirmed address, and sets the `session` and `session_refresh` cookies. An unknown token is a 400; a used or expired one a 410; a 409 when a confirmed account took the username or address meanwhile. A sign-up waiting for the same address's confirmation is replaced: the link proves the address.",
      tag: 'identity',
      access: PUBLIC,
      body: AcceptInvitationBody,
      ok: {
        200: {
          ...response(IdentityUser, 'Created and signed in.'),
          headers: HEADERS.sessionCookies,
        },
      },
      errors: [409, 410],
    },
    async (c, { body }) => {
      const user = await acceptInvitation(deps, body);
      await deps.sessions.start(c, user);
      return c.json(user);
    },
  );

  return app;
}
