import { CloseAccountBody, IdentityExport, MessageAnswer } from '@uapqa/contracts';
import { currentSession, defineRoute, HEADERS, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { readIdentityExport } from '../account/identity-export.js';
import { closeAccount } from '../closing.js';
import type { IdentityDeps } from '../deps.js';

/** The member's own account: what identity holds of them (for the export), and closing it. */
export function accountDataRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/account/profile',
      operationId: 'getAccountProfileData',
      summary: "Everything identity holds of the caller (the export's identity part)",
      description:
        'The account, every sign-in session (without its secrets) and any expert profile. The gateway puts it in `GET /api/account/export`.',
      tag: 'identity',
      access: SESSION,
      ok: { 200: response(IdentityExport) },
    },
    async (c) => {
      const body = await readIdentityExport(deps.db, currentSession(c).userId);
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/api/account',
      operationId: 'closeAccount',
      summary: "Close the caller's account (needs their password)",
      description:
        'Ends every session, removes name, address, username, password and expert profile, cancels the subscription at once and forfeits the credits, stops every email but one confirmation. Receipts and published answers stay, under "a former member". The username and address are held for 30 days. A wrong password is a 403 and changes nothing.',
      tag: 'identity',
      access: SESSION,
      body: CloseAccountBody,
      ok: { 200: { ...response(MessageAnswer, 'Closed.'), headers: HEADERS.clearedCookies } },
      errors: [403],
    },
    async (c, { body: { password } }) => {
      await closeAccount(deps, currentSession(c).userId, password);
      deps.sessions.clearCookies(c);
      return c.json({ message: 'Your account is closed. We are sorry to see you go.' });
    },
  );

  return app;
}
