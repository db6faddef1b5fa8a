import {
  IdentityUser,
  RegisterAccepted,
  RegisterBody,
  ResendVerificationBody,
  registerAcceptedMessage,
  VerifyEmailBody,
} from '@uapqa/contracts';
import {
  clientIp,
  createRateLimiter,
  defineRoute,
  forbidden,
  HEADERS,
  PUBLIC,
  rateLimit,
  response,
} from '@uapqa/service-kit';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { IdentityDeps } from '../deps.js';
import { requestVerification } from '../email-verification.js';
import { readInvite } from '../invitations.js';
import { REGISTRATION_LIMITS } from '../login-limits.js';
import { confirmSignUp } from '../registration/confirm-sign-up.js';
import { register } from '../registration/register.js';
import { findUserForLogin, waitlistEnabled } from '../users.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The invitation a sign-up carries through waitlist mode (see openToSignUp). */
    registrationInvite: string | undefined;
  }
}

/** Signing up: the sign-up itself, the link that confirms it, and that link sent again. */
export function registrationRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db, sessions } = deps;
  const store = deps.rateLimits;
  const perClient = (c: Context) => clientIp(c, deps.config.TRUST_PROXY);
  const registrations = rateLimit({
    ...REGISTRATION_LIMITS.perIp,
    store,
    name: 'identity:registrations-per-ip',
    message: 'Too many sign-ups from your network. Please wait an hour and try again.',
    key: perClient,
  });
  const resendsPerIp = rateLimit({
    ...REGISTRATION_LIMITS.resendPerIp,
    store,
    name: 'identity:resends-per-ip',
    message:
      'Too many requests for a new link from your network. Please wait an hour and try again.',
    key: perClient,
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
  const relinkAllowed = (userId: number) =>
    resendsPerAccount.consume(`user:${userId}`).then(
      () => true,
      () => false,
    );
  /**
   * Waitlist mode closes registration, except to an approved expert's invitation link: said
   * (403) before the body is checked, whatever it holds.
   */
  const openToSignUp: MiddlewareHandler = async (c, next) => {
    const invited = (await waitlistEnabled(db)) ? await readInvite(c) : undefined;
    if (invited === null) {
      throw forbidden(
        'Registration is closed while we are in waitlist mode. Please join the waitlist instead.',
      );
    }
    c.set('registrationInvite', invited);
    await next();
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/register',
      operationId: 'register',
      summary: 'Sign up: mails a link that confirms the address',
      description:
        'The same 202 and sentence whether the address is new (an unconfirmed account is created and the link mailed to it) or already has an account (its owner is told by email instead); no cookie either way. A taken username is a 400. Limited per client address (429). 403 while waitlist mode is on, unless `invite` is the unused, unexpired invitation of an approved expert application and `email` the address it was sent to (the invitation is then spent).',
      tag: 'identity',
      access: PUBLIC,
      body: RegisterBody,
      middleware: [registrations, openToSignUp],
      ok: { 202: response(RegisterAccepted, 'Accepted; the link is on its way.') },
      errors: [403],
    },
    async (c, { body }) => {
      await register(deps, body, c.get('registrationInvite'), relinkAllowed);
      return c.json({ message: registerAcceptedMessage(body.email) }, 202);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/verify-email',
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
          ...response(IdentityUser, 'Confirmed and signed in.'),
          headers: HEADERS.sessionCookies,
        },
      },
      errors: [410],
    },
    async (c, { body }) => {
      const user = await confirmSignUp(deps, body, (tokenHash) =>
        wrongSignUpPasswords.consume(`link:${tokenHash}`),
      );
      await sessions.start(c, user);
      return c.json(user);
    },
  );

  /**
   * Sends the confirmation link again to an account not confirmed yet, named by its username or
   * address. The answer is the same whatever the account (or none), so it tells nothing.
   */
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/verify-email/resend',
      operationId: 'resendVerificationEmail',
      summary: 'Mail the confirmation link again',
      description:
        'By username or address. Always the same 202, whatever the account: a new link goes only to an account not confirmed yet, a few times an hour at most. Limited per client address (429).',
      tag: 'identity',
      access: PUBLIC,
      body: ResendVerificationBody,
      middleware: [resendsPerIp],
      ok: { 202: response(RegisterAccepted) },
    },
    async (c, { body }) => {
      const found = await findUserForLogin(db, body.username);
      if (found && !found.emailVerifiedAt && (await relinkAllowed(found.id))) {
        await db.transaction((tx) => requestVerification(tx, found));
        deps.relay.kick();
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

  return app;
}
