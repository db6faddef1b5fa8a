import {
  createEvent,
  IDENTITY_STREAM,
  type IdentityUser,
  LoginBody,
  RegisterBody,
  UserRegistered,
} from '@uapqa/contracts';
import {
  badRequest,
  clientIp,
  createRateLimiter,
  currentSession,
  enqueue,
  forbidden,
  JWKS_PATH,
  REFRESH_COOKIE,
  readJson,
  requireSession,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from '@uapqa/service-kit';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { AccountBackoff, LOGIN_LIMITS } from '../login-limits.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { findLiveSessionUser, findUserForLogin, userColumns, waitlistEnabled } from '../users.js';

export function authRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const perIp = createRateLimiter({
    ...LOGIN_LIMITS.perIp,
    message: 'Too many login attempts from your network. Please wait a minute and try again.',
  });
  const perAddressAndAccount = createRateLimiter({
    ...LOGIN_LIMITS.perAddressAndAccount,
    message:
      'Too many login attempts for this account from your network. Please wait 15 minutes and try again.',
  });
  const perAccount = new AccountBackoff();

  app.get(JWKS_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(deps.keys.jwks);
  });

  app.post('/api/register', async (c) => {
    if (await waitlistEnabled(db)) {
      throw forbidden(
        'Registration is closed while we are in waitlist mode. Please join the waitlist instead.',
      );
    }
    const body = await readJson(c, RegisterBody);
    const taken = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${body.username}) or ${users.email} = ${body.email}`,
      );
    const duplicate = (constraint: string) =>
      constraint.includes('email')
        ? badRequest('An account with this email already exists.', 'email')
        : badRequest('This username is already taken.', 'username');
    const clash = taken[0];
    if (clash) {
      throw duplicate(clash.email === body.email ? 'email' : 'username');
    }
    const passwordHash = await hashPassword(body.password);
    let user: IdentityUser;
    try {
      user = await db.transaction(async (tx) => {
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
          .returning(userColumns);
        const row = created!;
        await enqueue(
          tx,
          IDENTITY_STREAM,
          createEvent(UserRegistered, {
            userId: row.id,
            username: row.username,
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            role: row.role,
          }),
        );
        return row;
      });
    } catch (error) {
      // Two sign-ups with the same name at once: the database's unique index decides.
      const violation = uniqueViolation(error);
      if (violation) throw duplicate(violation.constraint);
      throw error;
    }
    deps.relay.kick();
    await sessions.start(c, user);
    return c.json(user, 201);
  });

  app.post('/api/login', async (c) => {
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
    const { passwordHash: _hash, ...user } = found;
    await sessions.start(c, user);
    return c.json(user);
  });

  app.post('/api/logout', async (c) => {
    const session = c.get('session');
    const sessionId =
      session?.sessionId ?? (await sessions.sessionIdOfRefresh(getCookie(c, REFRESH_COOKIE)));
    if (sessionId) await sessions.revoke({ sessionId });
    sessions.clearCookies(c);
    return c.json({ message: 'Logged out.' });
  });

  app.get('/api/user', requireSession, async (c) => {
    const user = await findLiveSessionUser(db, currentSession(c));
    if (!user) throw unauthorized();
    return c.json(user);
  });

  /**
   * Renews the short-lived token and trades the refresh secret for a new one, both in cookies
   * (the gateway calls it transparently).
   */
  app.post('/api/session/refresh', async (c) => {
    const issued = await sessions.refresh(c, getCookie(c, REFRESH_COOKIE));
    if (!issued) {
      sessions.clearCookies(c);
      throw unauthorized('Unauthorized: your session has ended. Please log in again.');
    }
    // The token travels only in its HttpOnly cookie: no script of the page may read it.
    return c.json({ expiresAt: issued.tokenExpiresAt.toISOString() });
  });

  return app;
}
