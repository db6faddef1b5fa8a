import {
  EMAIL_KIND_INFO,
  EmailLinkQuery,
  UnsubscribeDetails,
  UnsubscribeDone,
} from '@uapqa/contracts';
import { badRequest, defineRoute, PUBLIC, response } from '@uapqa/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { NotificationsDeps } from '../deps.js';
import { maskedAddress, stillSubscribed, unsubscribe } from '../preferences/store.js';
import type { UnsubscribeSubject } from '../preferences/tokens.js';

const NOT_VALID =
  'This unsubscribe link is not valid. Please open the whole link from the email, or change your email settings on your account page.';

/** The body RFC 8058 has a mail client POST to the link. */
const ONE_CLICK = 'List-Unsubscribe=One-Click';

/** The form body RFC 8058 prescribes, checked before the link's token: nothing else is taken. */
const oneClickBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return c.json({ message: `Send the form body ${ONE_CLICK}.` }, 415);
  }
  const form = new URLSearchParams(await c.req.text());
  if (form.get('List-Unsubscribe') !== 'One-Click') {
    throw badRequest(`Send the form body ${ONE_CLICK}.`, 'List-Unsubscribe');
  }
  await next();
};

/**
 * One-click unsubscribe (RFC 8058). Every email of a kind its recipient may switch off carries
 * `List-Unsubscribe: <…/api/unsubscribe?token=…>`; the token is signed and names the recipient
 * and the kind. A mail client POSTs `List-Unsubscribe=One-Click` to it with no cookie nor
 * CSRF token, which is why the gateway exempts this one path from its cross-site guard: the
 * signed token is the credential. A GET (a person opening the link, or a link scanner) changes
 * nothing: it leads to the page that says what will be switched off and asks for a press.
 */
export function unsubscribeRoutes({ db, unsubscribeTokens }: NotificationsDeps): Hono {
  const app = new Hono();

  async function subjectOf(token: string): Promise<UnsubscribeSubject> {
    const subject = await unsubscribeTokens.read(token);
    if (!subject) throw badRequest(NOT_VALID, 'token');
    return subject;
  }

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/unsubscribe',
      operationId: 'openUnsubscribePage',
      summary: 'Send a browser that opened an unsubscribe link to its page',
      description:
        'Changes nothing (link scanners open links too): redirects to `/unsubscribe?token=…`, the page that asks for a press.',
      tag: 'notifications',
      access: PUBLIC,
      query: EmailLinkQuery,
      ok: { 303: { description: 'Redirect to `/unsubscribe?token=…`.' } },
    },
    (c, { query: { token } }) => c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303),
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/unsubscribe/details',
      operationId: 'getUnsubscribeDetails',
      summary: 'What an unsubscribe link would switch off',
      description: 'Changes nothing. A token that was not signed by the service is a 400.',
      tag: 'notifications',
      access: PUBLIC,
      query: EmailLinkQuery,
      ok: { 200: response(UnsubscribeDetails) },
    },
    async (c, { query: { token } }) => {
      const subject = await subjectOf(token);
      const details: UnsubscribeDetails = {
        kind: subject.kind,
        label: EMAIL_KIND_INFO[subject.kind].label,
        address: await maskedAddress(db, subject),
        subscribed: await stillSubscribed(db, subject),
      };
      return c.json(details);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/unsubscribe',
      operationId: 'unsubscribeOneClick',
      summary: 'Switch off the kind of email an unsubscribe link names (RFC 8058 one-click)',
      description:
        'The body is `List-Unsubscribe=One-Click`, form-encoded, as mail clients send it; no session and no CSRF token (the signed token in the link is the credential). Doing it again answers the same.',
      tag: 'notifications',
      access: PUBLIC,
      query: EmailLinkQuery,
      middleware: [oneClickBody],
      ok: { 200: response(UnsubscribeDone) },
      errors: [415],
    },
    async (c, { query: { token } }) => {
      const subject = await subjectOf(token);
      await db.transaction((tx) => unsubscribe(tx, subject));
      const label = EMAIL_KIND_INFO[subject.kind].label;
      const done: UnsubscribeDone = {
        message:
          'email' in subject
            ? 'You are unsubscribed: this address receives no more newsletters.'
            : `${label} emails are switched off. You can switch them on again from your account.`,
        kind: subject.kind,
      };
      return c.json(done);
    },
  );
  return app;
}
