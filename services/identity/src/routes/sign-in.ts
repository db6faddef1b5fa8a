import { IdentityUser, LoginBody, MessageAnswer, SessionRenewed } from '@uapqa/contracts';
import {
  clientIp,
  createRateLimiter,
  currentSession,
  defineRoute,
  HEADERS,
  PUBLIC,
  REFRESH_COOKIE,
  rateLimit,
  response,
  SESSION,
  unauthorized,
} from '@uapqa/service-kit';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { IdentityDeps } from '../deps.js';
import { AccountBackoff, LOGIN_LIMITS } from '../login-limits.js';
import { signIn } from '../sign-in.js';
import { findLiveSessionUser } from '../users.js';

/** Signing in and out, the signed-in user, and renewing the session from its refresh cookie. */
export function signInRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const perIp = rateLimit({
    ...LOGIN_LIMITS.perIp,
    store: deps.rateLimits,
    name: 'identity:login-per-ip',
    message: 'Too many login attempts from your network. Please wait a minute and try again.',
    key: (c) => clientIp(c, deps.config.TRUST_PROXY),
  });
  const limits = {
    perAddressAndAccount: createRateLimiter({
      ...LOGIN_LIMITS.perAddressAndAccount,
      store: deps.rateLimits,
      name: 'identity:login-per-address-and-account',
      message:
        'Too many login attempts for this account from your network. Please wait 15 minutes and try again.',
    }),
    perAccount: new AccountBackoff(),
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/login',
      operationId: 'signIn',
      summary: 'Sign in',
      description:
        'Sets the `session` and `session_refresh` cookies. 403 when the password is right but the account has not confirmed its address yet.',
      tag: 'identity',
      access: PUBLIC,
      body: LoginBody,
      middleware: [perIp],
      ok: { 200: { ...response(IdentityUser), headers: HEADERS.sessionCookies } },
      errors: [401, 403],
    },
    async (c, { body }) => {
      const user = await signIn(db, limits, clientIp(c, deps.config.TRUST_PROXY), body);
      await sessions.start(c, user);
      return c.json(user);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/logout',
      operationId: 'signOut',
      summary: 'Sign out (revokes the session everywhere)',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: { ...response(MessageAnswer), headers: HEADERS.clearedCookies } },
    },
    async (c) => {
      const session = c.get('session');
      const sessionId =
        session?.sessionId ?? (await sessions.sessionIdOfRefresh(getCookie(c, REFRESH_COOKIE)));
      if (sessionId) await sessions.revoke({ sessionId });
      sessions.clearCookies(c);
      return c.json({ message: 'Logged out.' });
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/user',
      operationId: 'getCurrentUser',
      summary: 'The signed-in user (the gateway adds subscription status and credits)',
      tag: 'identity',
      access: SESSION,
      ok: { 200: response(IdentityUser) },
    },
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
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/session/refresh',
      operationId: 'refreshSession',
      summary: 'Trade the refresh cookie for a new session token',
      description:
        'Needs the `session_refresh` cookie (401 without a valid one). The new token and a new refresh secret come as cookies only; a refresh secret already traded, presented again after a 10-second grace, revokes the session.',
      tag: 'identity',
      access: SESSION,
      security: [{ refresh: [] }],
      ok: { 200: { ...response(SessionRenewed), headers: HEADERS.sessionCookies } },
      errors: [401],
    },
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
