import {
  ChangeEmailBody,
  ChangePasswordBody,
  EMAIL_CHANGE_TTL_HOURS,
  EmailChangeConfirmBody,
  EmailChangeConfirmed,
  emailChangeAcceptedMessage,
  MessageAnswer,
} from '@uapqa/contracts';
import {
  createRateLimiter,
  currentSession,
  defineRoute,
  PUBLIC,
  response,
  SESSION,
} from '@uapqa/service-kit';
import { Hono } from 'hono';
import { changePassword } from '../account/change-password.js';
import { confirmEmailChange, requestEmailChange } from '../account/email-change.js';
import type { IdentityDeps } from '../deps.js';
import { ACCOUNT_LIMITS } from '../login-limits.js';

/** The signed-in owner's own account: a new password, a new address (confirmed by a link). */
export function accountRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const limits = {
    passwordChecks: createRateLimiter({
      ...ACCOUNT_LIMITS.passwordChecksPerAccount,
      store: deps.rateLimits,
      name: 'identity:account-password-checks',
      message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    }),
    emailChangeLinks: createRateLimiter({
      ...ACCOUNT_LIMITS.emailChangesPerAccount,
      store: deps.rateLimits,
      name: 'identity:email-change-links',
      message: 'Too many address changes asked for. Please wait an hour and try again.',
    }),
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/account/password',
      operationId: 'changePassword',
      summary: 'Change the password (the current one required)',
      description:
        'The new password follows the sign-up rules. Every other session of the account ends (`SessionRevoked` for each); this one stays. The owner is mailed that the password changed. A wrong current password is a 400 on `currentPassword`; 10 wrong an account per 15 minutes (429).',
      tag: 'identity',
      access: SESSION,
      body: ChangePasswordBody,
      ok: { 200: response(MessageAnswer, 'Changed.') },
    },
    async (c, { body }) => {
      await changePassword(deps, limits.passwordChecks, currentSession(c), body);
      return c.json({
        message: 'Your password was changed. You were signed out on every other device.',
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/account/email',
      operationId: 'requestEmailChange',
      summary: 'Ask to move the account to another address (the password required)',
      description: `Always the same 202 for a new address: a link (working once, for ${EMAIL_CHANGE_TTL_HOURS} hours) goes to it, or, when it already belongs to an account, a notice to that address instead. The current address is told either way and stays until the link is opened. A wrong password is a 400 on \`password\`; the address the account already has is a 400 on \`email\`. Limited per account (429).`,
      tag: 'identity',
      access: SESSION,
      body: ChangeEmailBody,
      ok: { 202: response(MessageAnswer, 'Accepted; the link is on its way.') },
    },
    async (c, { body }) => {
      await requestEmailChange(deps, limits, currentSession(c).userId, body);
      return c.json({ message: emailChangeAcceptedMessage(body.email) }, 202);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/account/email/confirm',
      operationId: 'confirmEmailChange',
      summary: 'Confirm a new address with the token of its link',
      description: `The account takes the new address (confirmed) and every other pending change dies; the previous address is told. Needs no session: the link may be opened anywhere. A link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours: an unknown token is a 400, a used or expired one a 410; 409 if the address has meanwhile become another account's.`,
      tag: 'identity',
      access: PUBLIC,
      body: EmailChangeConfirmBody,
      ok: { 200: response(EmailChangeConfirmed, 'The account has the new address.') },
      errors: [409, 410],
    },
    async (c, { body }) => {
      const email = await confirmEmailChange(deps, body.token);
      return c.json({ message: `Your email address is now ${email}.`, email });
    },
  );

  return app;
}
