import {
  createEvent,
  EMAIL_VERIFICATION_TTL_HOURS,
  IDENTITY_STREAM,
  IdentityUser,
  LoginBody,
  MessageAnswer,
  RegisterAccepted,
  RegisterBody,
  ResendVerificationBody,
  registerAcceptedMessage,
  SessionRenewed,
  SignUpWithExistingEmail,
  UserRegistered,
  VerifyEmailBody,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  badRequest,
  clientIp,
  createRateLimiter,
  currentSession,
  forbidden,
  HEADERS,
  HttpError,
  JWKS_PATH,
  PUBLIC,
  REFRESH_COOKIE,
  readJson,
  requireSession,
  SESSION,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { emailVerifications, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { hashVerificationToken, requestVerification } from '../email-verification.js';
import { heldFor } from '../held-names.js';
import { readInvite, spendInvitation } from '../invitations.js';
import { AccountBackoff, LOGIN_LIMITS, REGISTRATION_LIMITS } from '../login-limits.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import {
  announcedAccount,
  findLiveSessionUser,
  findUserForLogin,
  userColumns,
  waitlistEnabled,
} from '../users.js';

export function authRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const store = deps.rateLimits;
  const perIp = createRateLimiter({
    ...LOGIN_LIMITS.perIp,
    store,
    name: 'identity:login-per-ip',
    message: 'Too many login attempts from your network. Please wait a minute and try again.',
  });
  const perAddressAndAccount = createRateLimiter({
    ...LOGIN_LIMITS.perAddressAndAccount,
    store,
    name: 'identity:login-per-address-and-account',
    message:
      'Too many login attempts for this account from your network. Please wait 15 minutes and try again.',
  });
  const perAccount = new AccountBackoff();
  const registrations = createRateLimiter({
    ...REGISTRATION_LIMITS.perIp,
    store,
    name: 'identity:registrations-per-ip',
    message: 'Too many sign-ups from your network. Please wait an hour and try again.',
  });
  const resendsPerIp = createRateLimiter({
    ...REGISTRATION_LIMITS.resendPerIp,
    store,
    name: 'identity:resends-per-ip',
    message:
      'Too many requests for a new link from your network. Please wait an hour and try again.',
  });
  const wrongSignUpPasswords = createRateLimiter({
    ...REGISTRATION_LIMITS.wrongPasswordsPerLink,
    store,
    name: 'identity:verify-wrong-passwords',
    message:
      'Too many wrong passwords for this link. Please wait an hour, or sign up again with your own password.',
  });
  const resendsPerAccount = createRateLimiter({
    ...REGISTRATION_LIMITS.resendPerAccount,
    store,
    name: 'identity:resends-per-account',
  });

  app.get(JWKS_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(deps.keys.jwks);
  });

  /**
   * A sign-up creates the account unconfirmed and mails a link to the address; nothing else is
   * mailed to it, and it cannot sign in, until the link is opened. An address that already has
   * an account gets the same answer, after the same work (the password is hashed either way),
   * and its owner is told by email: the answer never says whether an address has an account.
   */
  app.post(
    '/api/register',
    apiDoc({
      operationId: 'register',
      summary: 'Sign up: mails a link that confirms the address',
      description:
        'The same 202 and sentence whether the address is new (an unconfirmed account is created and the link mailed to it) or already has an account (its owner is told by email instead); no cookie either way. A taken username is a 400. Limited per client address (429). 403 while waitlist mode is on, unless `invite` is the unused, unexpired invitation of an approved expert application and `email` the address it was sent to (the invitation is then spent).',
      tag: 'identity',
      access: PUBLIC,
      body: RegisterBody,
      ok: { 202: answer(RegisterAccepted, 'Accepted; the link is on its way.') },
      errors: [403],
    }),
    async (c) => {
      await registrations.consume(clientIp(c, deps.config.TRUST_PROXY));
      // Waitlist mode closes registration, except to an approved expert's invitation link.
      const invited = (await waitlistEnabled(db)) ? await readInvite(c) : undefined;
      if (invited === null) {
        throw forbidden(
          'Registration is closed while we are in waitlist mode. Please join the waitlist instead.',
        );
      }
      const body = await readJson(c, RegisterBody);
      const passwordHash = await hashPassword(body.password);
      const usernameTaken = () => badRequest('This username is already taken.', 'username');
      const accepted = () => {
        deps.relay.kick();
        return c.json({ message: registerAcceptedMessage(body.email) }, 202);
      };
      // A closed account's name and address stay taken for a while, as a live account's are;
      // the address has no owner left to tell, so it only gets the same answer.
      const held = await heldFor(db, body);
      if (held.username) throw usernameTaken();
      if (held.email) return accepted();
      const taken = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          firstName: users.firstName,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .where(
          sql`lower(${users.username}) = lower(${body.username}) or ${users.email} = ${body.email}`,
        );
      const owner = taken.find((row) => row.email === body.email);
      // Usernames are public (on every answer): a taken one is said, so another can be chosen.
      if (taken.some((row) => row !== owner)) throw usernameTaken();
      if (owner) {
        // Nobody confirmed this address yet: this sign-up replaces the pending one (see below),
        // and the address gets a new link, a few times an hour at most (as when asked again).
        const relink =
          !owner.emailVerifiedAt &&
          (await resendsPerAccount.consume(`user:${owner.id}`).then(
            () => true,
            () => false,
          ));
        await db
          .transaction(async (tx) => {
            if (owner.emailVerifiedAt) {
              await enqueue(
                tx,
                IDENTITY_STREAM,
                createEvent(SignUpWithExistingEmail, {
                  userId: owner.id,
                  email: owner.email,
                  username: owner.username,
                  firstName: owner.firstName,
                }),
              );
              return;
            }
            // Whoever signed up last with an address nobody confirmed holds the pending sign-up:
            // its username, names and password replace the earlier ones, and the earlier links
            // die. Someone who signed up with another person's address cannot keep the address
            // from its owner, and opening a link needs the password of the sign-up it belongs to.
            await tx
              .update(users)
              .set({
                username: body.username,
                passwordHash,
                firstName: body.firstName ?? null,
                lastName: body.lastName ?? null,
              })
              .where(and(eq(users.id, owner.id), isNull(users.emailVerifiedAt)));
            await tx.delete(emailVerifications).where(eq(emailVerifications.userId, owner.id));
            if (relink) {
              await requestVerification(tx, { ...owner, firstName: body.firstName ?? null });
            }
          })
          .catch((error: unknown) => {
            if (uniqueViolation(error)) throw usernameTaken();
            throw error;
          });
        return accepted();
      }
      try {
        await db.transaction(async (tx) => {
          if (invited) await spendInvitation(tx, invited, body.email);
          const [created] = await tx
            .insert(users)
            .values({
              username: body.username,
              email: body.email,
              passwordHash,
              firstName: body.firstName,
              lastName: body.lastName,
              role: 'user',
            })
            .returning();
          await requestVerification(tx, created!);
        });
      } catch (error) {
        // Two sign-ups at once: the database's unique indexes decide. The one that lost on the
        // address answers as any sign-up with a known address (its twin's link is on its way).
        const violation = uniqueViolation(error);
        if (!violation) throw error;
        if (violation.constraint.includes('email')) return accepted();
        throw usernameTaken();
      }
      return accepted();
    },
  );

  /** The link of the confirmation email: confirms the address once and signs the owner in. */
  app.post(
    '/api/verify-email',
    apiDoc({
      operationId: 'verifyEmail',
      summary:
        'Confirm an address with the token of its link and the sign-up password, and sign in',
      description:
        'Needs the password chosen at sign-up (a 400 on `password` otherwise), so only whoever chose it can confirm the account. Sets the `session` and `session_refresh` cookies and answers the user. A link works once, for 24 hours: an unknown token (or one a later sign-up replaced) is a 400, a used or expired one a 410, each with a sentence. 10 wrong passwords a link an hour (429).',
      tag: 'identity',
      access: PUBLIC,
      body: VerifyEmailBody,
      ok: {
        200: {
          ...answer(IdentityUser, 'Confirmed and signed in.'),
          headers: HEADERS.sessionCookies,
        },
      },
      errors: [410],
    }),
    async (c) => {
      const { token, password } = await readJson(c, VerifyEmailBody);
      const tokenHash = hashVerificationToken(token);
      const now = new Date();
      // The password of the sign-up the link belongs to, checked before anything is locked.
      const [pending] = await db
        .select({ passwordHash: users.passwordHash, usedAt: emailVerifications.usedAt })
        .from(emailVerifications)
        .innerJoin(users, eq(users.id, emailVerifications.userId))
        .where(eq(emailVerifications.tokenHash, tokenHash));
      if (pending && !pending.usedAt && !(await verifyPassword(pending.passwordHash, password))) {
        await wrongSignUpPasswords.consume(`link:${tokenHash}`);
        throw badRequest(
          'This is not the password this sign-up was made with. If you did not sign up with this address yourself, someone else did: sign up again with your own password, which replaces their sign-up.',
          'password',
        );
      }
      const outcome = await db.transaction(async (tx) => {
        const [link] = await tx
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.tokenHash, tokenHash))
          .for('update');
        if (!link) return 'invalid' as const;
        if (link.usedAt) return 'used' as const;
        if (link.expiresAt <= now) return 'expired' as const;
        // A sign-up that replaced this one since the password was checked: its link is gone.
        const [current] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, link.userId))
          .for('update');
        if (!pending || current?.passwordHash !== pending.passwordHash) return 'invalid' as const;
        // Every link of the account dies with the first one opened.
        await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(
            and(eq(emailVerifications.userId, link.userId), isNull(emailVerifications.usedAt)),
          );
        const [confirmed] = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)))
          .returning(userColumns);
        if (confirmed) {
          // The account exists for the other services from here: only a confirmed address is
          // ever mailed (the welcome first).
          await enqueue(
            tx,
            IDENTITY_STREAM,
            createEvent(UserRegistered, announcedAccount(confirmed)),
          );
          return confirmed;
        }
        const [user] = await tx.select(userColumns).from(users).where(eq(users.id, link.userId));
        return user ?? ('invalid' as const);
      });
      if (outcome === 'invalid') {
        throw badRequest(
          'This confirmation link is not valid. Please check that you opened the whole link from the email, or ask for a new one.',
          'token',
        );
      }
      if (outcome === 'used') {
        throw new HttpError(
          410,
          'This confirmation link has already been used. Your email address is confirmed: please sign in.',
          // The page offers to sign in, not a new link.
          { field: 'token', reason: 'used' },
        );
      }
      if (outcome === 'expired') {
        throw new HttpError(
          410,
          `This confirmation link has expired (links work for ${EMAIL_VERIFICATION_TTL_HOURS} hours). Please ask for a new one.`,
          { field: 'token' },
        );
      }
      deps.relay.kick();
      await sessions.start(c, outcome);
      return c.json(outcome);
    },
  );

  /**
   * Sends the confirmation link again to an account not confirmed yet, named by its username or
   * address. The answer is the same whatever the account (or none), so it tells nothing.
   */
  app.post(
    '/api/verify-email/resend',
    apiDoc({
      operationId: 'resendVerificationEmail',
      summary: 'Mail the confirmation link again',
      description:
        'By username or address. Always the same 202, whatever the account: a new link goes only to an account not confirmed yet, a few times an hour at most. Limited per client address (429).',
      tag: 'identity',
      access: PUBLIC,
      body: ResendVerificationBody,
      ok: { 202: answer(RegisterAccepted) },
    }),
    async (c) => {
      await resendsPerIp.consume(clientIp(c, deps.config.TRUST_PROXY));
      const body = await readJson(c, ResendVerificationBody);
      const found = await findUserForLogin(db, body.username);
      if (found && !found.emailVerifiedAt) {
        const allowed = await resendsPerAccount.consume(`user:${found.id}`).then(
          () => true,
          () => false,
        );
        if (allowed) {
          await db.transaction((tx) => requestVerification(tx, found));
          deps.relay.kick();
        }
      }
      return c.json(
        {
          message:
            'If an account is waiting for its email address to be confirmed, we sent it a new link. Please check your inbox.',
        },
        202,
      );
    },
  );

  app.post(
    '/api/login',
    apiDoc({
      operationId: 'signIn',
      summary: 'Sign in',
      description:
        'Sets the `session` and `session_refresh` cookies. 403 when the password is right but the account has not confirmed its address yet.',
      tag: 'identity',
      access: PUBLIC,
      body: LoginBody,
      ok: { 200: { ...answer(IdentityUser), headers: HEADERS.sessionCookies } },
      errors: [401, 403],
    }),
    async (c) => {
      const address = clientIp(c, deps.config.TRUST_PROXY);
      await perIp.consume(address);
      const body = await readJson(c, LoginBody);
      const found = await findUserForLogin(db, body.username);
      // Limits count the account, not what was typed: its username and email share one count.
      const account = found ? `user:${found.id}` : `name:${body.username.toLowerCase()}`;
      const pair = `${address} ${account}`;
      await perAddressAndAccount.consume(pair);
      const wait = perAccount.attempt(account);
      if (wait > 0) {
        throw tooManyRequests(
          `Too many failed login attempts for this account. Please wait ${wait} seconds and try again.`,
          wait,
        );
      }
      const valid = await verifyPassword(found?.passwordHash ?? null, body.password);
      if (!found || !valid) {
        perAccount.failed(account);
        throw unauthorized('Invalid username or password.');
      }
      await perAddressAndAccount.reset(pair);
      perAccount.succeeded(account);
      const { passwordHash: _hash, emailVerifiedAt, ...user } = found;
      if (!emailVerifiedAt) {
        // Only the owner of the password hears this, so it may say that the account exists.
        throw forbidden(
          'Please confirm your email address first: open the link we sent you when you signed up, or send the link again.',
        );
      }
      await sessions.start(c, user);
      return c.json(user);
    },
  );

  app.post(
    '/api/logout',
    apiDoc({
      operationId: 'signOut',
      summary: 'Sign out (revokes the session everywhere)',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: { ...answer(MessageAnswer), headers: HEADERS.clearedCookies } },
    }),
    async (c) => {
      const session = c.get('session');
      const sessionId =
        session?.sessionId ?? (await sessions.sessionIdOfRefresh(getCookie(c, REFRESH_COOKIE)));
      if (sessionId) await sessions.revoke({ sessionId });
      sessions.clearCookies(c);
      return c.json({ message: 'Logged out.' });
    },
  );

  app.get(
    '/api/user',
    apiDoc({
      operationId: 'getCurrentUser',
      summary: 'The signed-in user (the gateway adds subscription status and credits)',
      tag: 'identity',
      access: SESSION,
      ok: { 200: answer(IdentityUser) },
    }),
    requireSession,
    async (c) => {
      const user = await findLiveSessionUser(db, currentSession(c));
      if (!user) throw unauthorized();
      return c.json(user);
    },
  );

  /**
   * Renews the short-lived token and trades the refresh secret for a new one, both in cookies
   * (the gateway calls it transparently).
   */
  app.post(
    '/api/session/refresh',
    apiDoc({
      operationId: 'refreshSession',
      summary: 'Trade the refresh cookie for a new session token',
      description:
        'Needs the `session_refresh` cookie (401 without a valid one). The new token and a new refresh secret come as cookies only; a refresh secret already traded, presented again after a 10-second grace, revokes the session.',
      tag: 'identity',
      access: SESSION,
      security: [{ refresh: [] }],
      ok: { 200: { ...answer(SessionRenewed), headers: HEADERS.sessionCookies } },
      errors: [401],
    }),
    async (c) => {
      const issued = await sessions.refresh(c, getCookie(c, REFRESH_COOKIE));
      if (!issued) {
        sessions.clearCookies(c);
        throw unauthorized('Unauthorized: your session has ended. Please log in again.');
      }
      // The token travels only in its HttpOnly cookie: no script of the page may read it.
      return c.json({ expiresAt: issued.tokenExpiresAt.toISOString() });
    },
  );

  return app;
}
