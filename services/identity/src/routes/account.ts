import {
  ChangeEmailBody,
  ChangePasswordBody,
  createEvent,
  EMAIL_CHANGE_TTL_HOURS,
  EmailChangeConfirmBody,
  EmailChangeConfirmed,
  EmailChangeRequested,
  emailChangeAcceptedMessage,
  IDENTITY_STREAM,
  MessageAnswer,
  PasswordChanged,
  UserEmailChanged,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  badRequest,
  createRateLimiter,
  currentSession,
  HttpError,
  PUBLIC,
  readJson,
  requireSession,
  SESSION,
  unauthorized,
  uniqueViolation,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { emailChanges, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashLinkToken, linkState, newLinkToken } from '../link-tokens.js';
import { ACCOUNT_LIMITS } from '../login-limits.js';
import { spendPasswordResets } from '../password-links.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { announcedAccount, userColumns } from '../users.js';

const INVALID_LINK =
  'This confirmation link is not valid. Please check that you opened the whole link from the email, or ask for the change again from your account page.';

/** The signed-in owner's own account: a new password, a new address (confirmed by a link). */
export function accountRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const passwordChecks = createRateLimiter({
    ...ACCOUNT_LIMITS.passwordChecksPerAccount,
    store: deps.rateLimits,
    name: 'identity:account-password-checks',
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  });
  const emailChangeLinks = createRateLimiter({
    ...ACCOUNT_LIMITS.emailChangesPerAccount,
    store: deps.rateLimits,
    name: 'identity:email-change-links',
    message: 'Too many address changes asked for. Please wait an hour and try again.',
  });

  /** The caller's account once they typed its password (a 400 on the field otherwise). */
  async function provenOwner(userId: number, password: string, field: string) {
    const key = `user:${userId}`;
    await passwordChecks.consume(key);
    const [owner] = await db
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    if (!owner) throw unauthorized();
    if (!(await verifyPassword(owner.passwordHash, password))) {
      throw badRequest('That is not your current password.', field);
    }
    await passwordChecks.reset(key);
    return owner;
  }

  app.post(
    '/api/account/password',
    apiDoc({
      operationId: 'changePassword',
      summary: 'Change the password (the current one required)',
      description:
        'The new password follows the sign-up rules. Every other session of the account ends (`SessionRevoked` for each); this one stays. The owner is mailed that the password changed. A wrong current password is a 400 on `currentPassword`; 10 wrong an account per 15 minutes (429).',
      tag: 'identity',
      access: SESSION,
      body: ChangePasswordBody,
      ok: { 200: answer(MessageAnswer, 'Changed.') },
    }),
    requireSession,
    async (c) => {
      const session = currentSession(c);
      const body = await readJson(c, ChangePasswordBody);
      const owner = await provenOwner(session.userId, body.currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(body.newPassword);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, owner.id));
        await spendPasswordResets(tx, owner.id, now);
        await enqueue(
          tx,
          IDENTITY_STREAM,
          createEvent(PasswordChanged, {
            userId: owner.id,
            email: owner.email,
            firstName: owner.firstName,
            how: 'changed',
            changedAt: now.toISOString(),
          }),
        );
      });
      // Anyone else holding a session with the old password is out; this browser stays in.
      await sessions.revoke({ userId: owner.id, except: session.sessionId });
      deps.relay.kick();
      return c.json({
        message: 'Your password was changed. You were signed out on every other device.',
      });
    },
  );

  app.post(
    '/api/account/email',
    apiDoc({
      operationId: 'requestEmailChange',
      summary: 'Ask to move the account to another address (the password required)',
      description: `Always the same 202 for a new address: a link (working once, for ${EMAIL_CHANGE_TTL_HOURS} hours) goes to it, or, when it already belongs to an account, a notice to that address instead. The current address is told either way and stays until the link is opened. A wrong password is a 400 on \`password\`; the address the account already has is a 400 on \`email\`. Limited per account (429).`,
      tag: 'identity',
      access: SESSION,
      body: ChangeEmailBody,
      ok: { 202: answer(MessageAnswer, 'Accepted; the link is on its way.') },
    }),
    requireSession,
    async (c) => {
      const session = currentSession(c);
      const body = await readJson(c, ChangeEmailBody);
      const owner = await provenOwner(session.userId, body.password, 'password');
      if (owner.email === body.email) {
        throw badRequest('This is already the address of your account.', 'email');
      }
      await emailChangeLinks.consume(`user:${owner.id}`);
      const [holder] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, body.email));
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
      deps.relay.kick();
      return c.json({ message: emailChangeAcceptedMessage(body.email) }, 202);
    },
  );

  app.post(
    '/api/account/email/confirm',
    apiDoc({
      operationId: 'confirmEmailChange',
      summary: 'Confirm a new address with the token of its link',
      description: `The account takes the new address (confirmed) and every other pending change dies; the previous address is told. Needs no session: the link may be opened anywhere. A link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours: an unknown token is a 400, a used or expired one a 410; 409 if the address has meanwhile become another account's.`,
      tag: 'identity',
      access: PUBLIC,
      body: EmailChangeConfirmBody,
      ok: { 200: answer(EmailChangeConfirmed, 'The account has the new address.') },
      errors: [409, 410],
    }),
    async (c) => {
      const { token } = await readJson(c, EmailChangeConfirmBody);
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
      deps.relay.kick();
      return c.json({
        message: `Your email address is now ${outcome.email}.`,
        email: outcome.email,
      });
    },
  );

  return app;
}
