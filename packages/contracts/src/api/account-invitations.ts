/**
 * Accounts an admin creates by invitation: the admin names the account and its role, the
 * invited person chooses the password from the emailed link, which also confirms the address.
 */
import { z } from 'zod';
import { Role } from '../roles.js';
import { linkToken, newPassword, RegisterBody } from './account.js';

/** `POST /api/admin/invitations`: who is invited, under which username, with which role. */
export const AccountInvitationBody = z.object({
  email: RegisterBody.shape.email,
  username: RegisterBody.shape.username,
  firstName: RegisterBody.shape.firstName,
  lastName: RegisterBody.shape.lastName,
  role: Role,
});
export type AccountInvitationBody = z.infer<typeof AccountInvitationBody>;

/**
 * The answer to a new invitation. `invitationPath` is the emailed link's path: an admin may
 * hand it over another way (the operator's load tests do), since it only lets the invited
 * account be created once, before `expiresAt`.
 */
export const AccountInvitationCreated = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  role: Role,
  expiresAt: z.string(),
  invitationPath: z.string(),
});
export type AccountInvitationCreated = z.infer<typeof AccountInvitationCreated>;

/** `POST /api/invitations/accept`: the link's token and the password the person chose. */
export const AcceptInvitationBody = z.object({
  token: linkToken('This invitation link is not valid.'),
  password: newPassword(),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

/** Where an invitation's link leads: the page that asks for the new account's password. */
export const invitationPath = (token: string) =>
  `/accept-invitation?token=${encodeURIComponent(token)}`;
