import {
  ContactBody,
  ContactFailure,
  FORM_BODY_MAX_BYTES,
  FormAccepted,
  NewsletterSubscribeBody,
  WaitlistJoinBody,
} from '@uapqa/contracts';
import {
  badRequest,
  clientIp,
  defineRoute,
  HttpError,
  PUBLIC,
  rateLimit,
  readJson,
  response,
} from '@uapqa/service-kit';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { contactMessages, waitlist } from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';
import { enqueueMail, mail } from '../mail/worker.js';
import { requestNewsletter } from './newsletter.js';

export const WAITLIST_JOINED = "You're on the waitlist. You'll be notified first when we launch.";
/** The same for a new address and a known one: nobody learns who is on the list. */
export const NEWSLETTER_SUBSCRIBED =
  'Almost done: open the link we emailed you to confirm your subscription.';
export const CONTACT_RECEIVED = 'Message sent! We will get back to you soon.';

/**
 * Reads a JSON body; a failed validation is a 400 whose message is the first rule's own sentence
 * (such as 'Please enter your email address.'), with the field it concerns.
 */
async function readFormBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(c, z.unknown()));
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path.join('.');
  throw badRequest(issue?.message ?? 'Invalid request.', field || undefined);
}

/**
 * The contact form reads `error`: every error answer of its route carries the sentence of
 * `message` there too, whichever step refused (rate limit, body, storing).
 */
const withErrorField: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.error instanceof HttpError) {
    const body = { ...c.error.toJSON(), error: c.error.message };
    c.res = new Response(JSON.stringify(body), c.res);
  }
};

/**
 * The public forms: waitlist, newsletter, contact. Each is limited per client address. Signing
 * up twice answers the same 200 and stores one row (the waitlist sends one email per address,
 * ever; the newsletter a confirmation link, at most one an hour, until it is opened), so a
 * visitor cannot tell whether an address was already on a list.
 */
export function formRoutes(deps: NotificationsDeps): Hono {
  const app = new Hono();
  const { db, config } = deps;
  /** Refuses a client past the form's limit, before its body is read. */
  const limitedPerClient = (form: string): MiddlewareHandler[] => {
    if (config.FORM_RATE_LIMIT_PER_MINUTE === 0) return [];
    return [
      rateLimit({
        store: deps.rateLimits,
        name: `notifications:${form}`,
        points: config.FORM_RATE_LIMIT_PER_MINUTE,
        durationSeconds: 60,
        message: 'Too many requests from your network. Please wait a minute and try again.',
        key: (c) => clientIp(c, config.TRUST_PROXY),
      }),
    ];
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/waitlist/join',
      operationId: 'joinWaitlist',
      summary: 'Join the waitlist',
      tag: 'notifications',
      access: PUBLIC,
      body: WaitlistJoinBody,
      readBody: readFormBody,
      middleware: limitedPerClient('waitlist'),
      ok: { 200: response(FormAccepted) },
    },
    async (c, { body: { email, source } }) => {
      const joined = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(waitlist)
          .values({ email, source })
          .onConflictDoNothing()
          .returning({ id: waitlist.id });
        if (inserted.length === 0) return false;
        // In the same transaction as the row: one confirmation per address, ever.
        await enqueueMail(tx, mail('waitlist_confirmation', `waitlist:${email}`, { email }, {}));
        return true;
      });
      if (joined) deps.mail.kick();
      return c.json({ message: WAITLIST_JOINED } satisfies FormAccepted, 200);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/newsletter/subscribe',
      operationId: 'subscribeToNewsletter',
      summary: 'Subscribe to the newsletter',
      tag: 'notifications',
      access: PUBLIC,
      body: NewsletterSubscribeBody,
      readBody: readFormBody,
      middleware: limitedPerClient('newsletter'),
      ok: { 200: response(FormAccepted) },
    },
    async (c, { body: { email, source } }) => {
      const sent = await db.transaction((tx) => requestNewsletter(tx, email, source));
      if (sent) deps.mail.kick();
      return c.json({ message: NEWSLETTER_SUBSCRIBED } satisfies FormAccepted, 200);
    },
  );

  // Every field has its own limit; this turns away a body no form could send before reading it.
  const tooLong = `Your message is too long: it may take at most ${FORM_BODY_MAX_BYTES / 1024} KB in all.`;
  const limitContactBody = bodyLimit({
    maxSize: FORM_BODY_MAX_BYTES,
    onError: (c) => c.json({ error: tooLong, message: tooLong }, 413),
  });

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/contact',
      operationId: 'sendContactMessage',
      summary: 'Send a message to the staff',
      tag: 'notifications',
      access: PUBLIC,
      body: ContactBody,
      readBody: readFormBody,
      middleware: [limitContactBody, withErrorField, ...limitedPerClient('contact')],
      ok: {
        201: response(FormAccepted),
        400: response(ContactFailure, 'Invalid input: `error` and `message` say what.'),
      },
    },
    async (c, { body }) => {
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(contactMessages)
          .values(body)
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        await enqueueMail(
          tx,
          mail(
            'contact_staff',
            `contact:${saved!.id}`,
            { email: config.STAFF_EMAIL },
            { ...body, receivedAt: saved!.createdAt.toISOString() },
          ),
        );
      });
      deps.mail.kick();
      return c.json({ message: CONTACT_RECEIVED } satisfies FormAccepted, 201);
    },
  );

  return app;
}
