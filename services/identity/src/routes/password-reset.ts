import {
  MessageAnswer,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordResetBody,
  PasswordResetConfirmBody,
  passwordResetAcceptedMessage,
} from '@uapqa/contracts';
import {
  clientIp,
  createRateLimiter,
  defineRoute,
  PUBLIC,
  rateLimit,
  response,
} from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../deps.js';
import { ACCOUNT_LIMITS } from '../login-limits.js';
import { confirmPasswordReset, requestPasswordReset } from '../password-reset.js';

/**
 * Forgotten passwords: a link mailed to the account's address, which works once for an hour and
 * sets a new password, ending every session of the account.
 */
export function passwordResetRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const store = deps.rateLimits;
  const perIp = rateLimit({
    ...ACCOUNT_LIMITS.resetPerIp,
    store,
    name: 'identity:resets-per-ip',
    message:
      'Too many password reset requests from your network. Please wait an hour and try again.',
    key: (c) => clientIp(c, deps.config.TRUST_PROXY),
  });
  const limits = {
    perAddress: createRateLimiter({
      ...ACCOUNT_LIMITS.resetPerAddress,
      store,
      name: 'identity:resets-per-address',
      message:
        'Too many password reset requests for this address. Please check your inbox (and spam folder) for the links already sent, or wait an hour.',
    }),
    perAccount: createRateLimiter({
      ...ACCOUNT_LIMITS.resetPerAccount,
      store,
      name: 'identity:resets-per-account',
    }),
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/password-reset',
      operationId: 'requestPasswordReset',
      summary: 'Mail a link to choose a new password',
      description: `The same 202 and sentence whether or not the address belongs to an account: a link (working once, for ${PASSWORD_RESET_TTL_MINUTES} minutes) goes only to the address of a confirmed account, a few times an hour at most. Limited per client address and per typed address (429).`,
      tag: 'identity',
      access: PUBLIC,
      body: PasswordResetBody,
      middleware: [perIp],
      ok: {
        202: response(
          MessageAnswer,
          'Accepted; a link is on its way if the address has an account.',
        ),
      },
    },
    async (c, { body: { email } }) => {
      await requestPasswordReset(deps, limits, email);
      return c.json({ message: passwordResetAcceptedMessage(email) }, 202);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/password-reset/confirm',
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with the token of a reset link',
      description: `The password follows the sign-up rules. Ends every session of the account (\`SessionRevoked\` for each) and mails its owner that the password changed; nobody is signed in. A link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes: an unknown token is a 400, a used or expired one a 410, each with a sentence.`,
      tag: 'identity',
      access: PUBLIC,
      body: PasswordResetConfirmBody,
      ok: { 200: response(MessageAnswer, 'The password is changed.') },
      errors: [410],
    },
    async (c, { body }) => {
      await confirmPasswordReset(deps, body);
      return c.json({
        message: 'Your password was changed. Please sign in with your new password.',
      });
    },
  );

  return app;
}
