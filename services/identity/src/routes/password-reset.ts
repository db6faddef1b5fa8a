import {
  createEvent,
  IDENTITY_STREAM,
  MessageAnswer,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordChanged,
  PasswordResetBody,
  PasswordResetConfirmBody,
  PasswordResetRequested,
  passwordResetAcceptedMessage,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  badRequest,
  clientIp,
  createRateLimiter,
  HttpError,
  PUBLIC,
  readJson,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { passwordResets, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashLinkToken, linkState, newLinkToken } from '../link-tokens.js';
import { ACCOUNT_LIMITS } from '../login-limits.js';
import { spendPasswordResets } from '../password-links.js';
import { hashPassword } from '../passwords.js';

/**
 * Forgotten passwords: a link mailed to the account's address, which works once for an hour and
 * sets a new password, ending every session of the account.
 */
export function passwordResetRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const store = deps.rateLimits;
  const perIp = createRateLimiter({
    ...ACCOUNT_LIMITS.resetPerIp,
    store,
    name: 'identity:resets-per-ip',
    message:
      'Too many password reset requests from your network. Please wait an hour and try again.',
  });
  const perAddress = createRateLimiter({
    ...ACCOUNT_LIMITS.resetPerAddress,
    store,
    name: 'identity:resets-per-address',
    message:
      'Too many password reset requests for this address. Please check your inbox (and spam folder) for the links already sent, or wait an hour.',
  });
  const perAccount = createRateLimiter({
    ...ACCOUNT_LIMITS.resetPerAccount,
    store,
    name: 'identity:resets-per-account',
  });

  app.post(
    '/api/password-reset',
    apiDoc({
      operationId: 'requestPasswordReset',
      summary: 'Mail a link to choose a new password',
      description: `The same 202 and sentence whether or not the address belongs to an account: a link (working once, for ${PASSWORD_RESET_TTL_MINUTES} minutes) goes only to the address of a confirmed account, a few times an hour at most. Limited per client address and per typed address (429).`,
      tag: 'identity',
      access: PUBLIC,
      body: PasswordResetBody,
      ok: {
        202: answer(MessageAnswer, 'Accepted; a link is on its way if the address has an account.'),
      },
    }),
    async (c) => {
      await perIp.consume(clientIp(c, deps.config.TRUST_PROXY));
      const { email } = await readJson(c, PasswordResetBody);
      await perAddress.consume(`email:${email}`);
      const [account] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(eq(users.email, email), isNotNull(users.emailVerifiedAt), isNull(users.closedAt)),
        );
      const allowed =
        account &&
        (await perAccount.consume(`user:${account.id}`).then(
          () => true,
          () => false,
        ));
      if (account && allowed) {
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
        deps.relay.kick();
      }
      return c.json({ message: passwordResetAcceptedMessage(email) }, 202);
    },
  );

  app.post(
    '/api/password-reset/confirm',
    apiDoc({
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with the token of a reset link',
      description: `The password follows the sign-up rules. Ends every session of the account (\`SessionRevoked\` for each) and mails its owner that the password changed; nobody is signed in. A link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes: an unknown token is a 400, a used or expired one a 410, each with a sentence.`,
      tag: 'identity',
      access: PUBLIC,
      body: PasswordResetConfirmBody,
      ok: { 200: answer(MessageAnswer, 'The password is changed.') },
      errors: [410],
    }),
    async (c) => {
      const body = await readJson(c, PasswordResetConfirmBody);
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
      deps.relay.kick();
      return c.json({
        message: 'Your password was changed. Please sign in with your new password.',
      });
    },
  );

  return app;
}
