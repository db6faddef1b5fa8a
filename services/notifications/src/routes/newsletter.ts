import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  FormAccepted,
  NewsletterConfirmBody,
  NewsletterIssueBody,
  NewsletterIssueQueued,
} from '@uapqa/contracts';
import { badRequest, defineRoute, PUBLIC, response, roles } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { newsletterSubscribers } from '../db/schema.js';
import type { NotificationsDeps } from '../deps.js';
import { lockAddress, recentMailTo } from '../mail/limits.js';
import { enqueueMail, mail } from '../mail/worker.js';

export const NEWSLETTER_CONFIRMED = 'Your subscription is confirmed. Welcome to the newsletter!';
const LINK_NOT_VALID =
  'This confirmation link was already used or is not valid. If you are not subscribed yet, sign up again from the form at the bottom of any page.';

/** Confirmation emails one address receives in an hour, however often the form is sent. */
const CONFIRMATIONS_PER_HOUR = 1;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Double opt-in: puts an address on the list as `pending` (or back to it after unsubscribing)
 * and emails it a link that confirms it. An address already subscribed, or one sent a link in
 * the last hour, gets nothing new: the form answers the same either way. Returns whether mail
 * was enqueued.
 */
export async function requestNewsletter(
  tx: Executor,
  email: string,
  source: string,
): Promise<boolean> {
  await lockAddress(tx, email);
  const [existing] = await tx
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (existing?.status === 'subscribed') return false;
  if ((await recentMailTo(tx, email, 'newsletter_confirmation', 1)) >= CONFIRMATIONS_PER_HOUR) {
    return false;
  }
  const token = randomBytes(32).toString('base64url');
  const pending = { status: 'pending' as const, confirmTokenHash: hashOf(token) };
  await tx
    .insert(newsletterSubscribers)
    .values({ email, source, ...pending })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: pending });
  await enqueueMail(
    tx,
    mail('newsletter_confirmation', `newsletter-confirm:${hashOf(token)}`, { email }, { token }),
  );
  return true;
}

/** Opening the confirmation link, and the admins' issues to the confirmed subscribers. */
export function newsletterRoutes(deps: NotificationsDeps): Hono {
  const app = new Hono();
  const { db } = deps;

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/newsletter/confirm',
      operationId: 'confirmNewsletter',
      summary: 'Confirm a newsletter subscription (the link of its confirmation email)',
      description: 'A link works once; a used or unknown one is a 400.',
      tag: 'notifications',
      access: PUBLIC,
      body: NewsletterConfirmBody,
      ok: { 200: response(FormAccepted) },
    },
    async (c, { body: { token } }) => {
      const confirmed = await db
        .update(newsletterSubscribers)
        .set({ status: 'subscribed', confirmTokenHash: null, confirmedAt: new Date() })
        .where(
          and(
            eq(newsletterSubscribers.confirmTokenHash, hashOf(token)),
            eq(newsletterSubscribers.status, 'pending'),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (confirmed.length === 0) throw badRequest(LINK_NOT_VALID, 'token');
      return c.json({ message: NEWSLETTER_CONFIRMED } satisfies FormAccepted);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/notifications/newsletter',
      operationId: 'sendNewsletterIssue',
      summary: 'Send a newsletter issue to every confirmed subscriber',
      description:
        'Each subscriber gets their own message, with a one-click unsubscribe link. Addresses still waiting for their confirmation, and unsubscribed ones, get nothing.',
      tag: 'notifications',
      access: roles('admin'),
      body: NewsletterIssueBody,
      ok: { 202: response(NewsletterIssueQueued) },
    },
    async (c, { body: issue }) => {
      const issueId = randomUUID();
      const recipients = await db.transaction(async (tx) => {
        const subscribers = await tx
          .select({ email: newsletterSubscribers.email })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.status, 'subscribed'));
        await enqueueMail(
          tx,
          ...subscribers.map(({ email }) =>
            mail('newsletter_issue', `newsletter:${issueId}:${email}`, { email }, issue),
          ),
        );
        return subscribers.length;
      });
      deps.mail.kick();
      const queued: NewsletterIssueQueued = {
        message: `The issue is on its way to ${recipients} subscriber${recipients === 1 ? '' : 's'}.`,
        recipients,
      };
      return c.json(queued, 202);
    },
  );
  return app;
}
