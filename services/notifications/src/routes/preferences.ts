import {
  ALWAYS_SENT_EMAIL_KINDS,
  type AlwaysSentEmailKind,
  EmailPreferences,
  EmailPreferencesBody,
  type Role,
} from '@uapqa/contracts';
import { currentSession, defineRoute, HttpError, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { NotificationsDeps } from '../deps.js';
import { AddressNotKnownYet, readPreferences, writePreferences } from '../preferences/store.js';

/** The always-sent kinds that concern an account with this role. */
function alwaysSentFor(role: Role): AlwaysSentEmailKind[] {
  return ALWAYS_SENT_EMAIL_KINDS.filter((kind) => {
    if (kind === 'expert_assignments') return role === 'expert';
    if (kind === 'staff') return role === 'admin';
    // Replies go to addresses typed in public forms, not to an account's settings.
    return kind !== 'replies';
  });
}

/** A signed-in member's choice of the emails they receive. */
export function preferenceRoutes({ db }: NotificationsDeps): Hono {
  const app = new Hono();
  const answerFor = async (userId: number, role: Role): Promise<EmailPreferences> => ({
    preferences: await readPreferences(db, userId),
    alwaysSent: alwaysSentFor(role),
  });

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/account/email-preferences',
      operationId: 'getEmailPreferences',
      summary: 'Which kinds of email the signed-in member receives',
      description:
        'Each kind that can be switched off, and the kinds always sent to this account. A kind never switched off is on; the newsletter is on once the account address is subscribed.',
      tag: 'notifications',
      access: SESSION,
      ok: { 200: response(EmailPreferences) },
    },
    async (c) => {
      const session = currentSession(c);
      return c.json(await answerFor(session.userId, session.role));
    },
  );

  defineRoute(
    app,
    {
      method: 'put',
      path: '/api/account/email-preferences',
      operationId: 'setEmailPreferences',
      summary: 'Switch kinds of email on or off',
      description:
        'Names the kinds to change, each with true or false; the others stay as they are. Security emails and receipts cannot be switched off. Answers the preferences as they now are.',
      tag: 'notifications',
      access: SESSION,
      body: EmailPreferencesBody,
      ok: { 200: response(EmailPreferences) },
      errors: [409],
    },
    async (c, { body }) => {
      const session = currentSession(c);
      await db
        .transaction((tx) => writePreferences(tx, session.userId, body))
        .catch((error) => {
          if (error instanceof AddressNotKnownYet) {
            throw new HttpError(
              409,
              'Your account is still being set up. Please try again in a moment.',
            );
          }
          throw error;
        });
      return c.json(await answerFor(session.userId, session.role));
    },
  );
  return app;
}
