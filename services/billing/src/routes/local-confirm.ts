import {
  ALREADY_SUBSCRIBED,
  CREDIT_PACKAGES,
  LocalConfirmBody,
  LocalConfirmResult,
} from '@uapqa/contracts';
import {
  conflict,
  currentSession,
  defineRoute,
  notFound,
  response,
  SESSION,
} from '@uapqa/service-kit';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { payments } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { lockAccount } from '../ledger.js';
import { LOCAL_DECLINE_MESSAGE, localPaymentEvent } from '../payments/local-events.js';

/**
 * The local provider's stand-in for the card form: confirms or declines one of the caller's
 * payments by sending the matching signed event through the real webhook handler. Like a Stripe
 * PaymentIntent, a declined payment can be confirmed again with another card; a paid one cannot.
 * The member's account lock is held from the check to the event's effects, so parallel
 * confirmations of one payment pay it once. Mounted only when no Stripe keys are configured.
 */
export function localConfirmRoutes({ db, webhooks }: BillingDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/billing/local/confirm',
      operationId: 'confirmLocalPayment',
      summary: 'Local payment provider: confirm or decline a pending payment',
      description: 'Mounted only when billing runs the local provider (no Stripe keys).',
      tag: 'billing',
      access: SESSION,
      body: LocalConfirmBody,
      ok: { 200: response(LocalConfirmResult) },
      errors: [404],
    },
    async (c, { body: { clientSecret, outcome } }) => {
      const { userId } = currentSession(c);
      const payment = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, userId);
        const [found] = await tx
          .select()
          .from(payments)
          .where(eq(payments.clientSecret, clientSecret));
        if (!found || found.userId !== userId) throw notFound('No such payment.');
        if (found.status === 'succeeded') throw conflict('This payment has already been made.');
        if (found.purpose === 'subscription' && account.status === 'active') {
          throw conflict(`${ALREADY_SUBSCRIBED}.`);
        }
        const payload = JSON.stringify(localPaymentEvent(found, account, outcome));
        await webhooks.receiveWithin(tx, payload, webhooks.sign(payload));
        return found;
      });
      webhooks.kickRelay();
      if (outcome === 'failed') {
        return c.json({ status: 'failed', error: { message: LOCAL_DECLINE_MESSAGE } });
      }
      const credits =
        payment.purpose === 'subscription' ? undefined : CREDIT_PACKAGES[payment.purpose].credits;
      return c.json({ status: 'succeeded', ...(credits ? { credits } : {}) });
    },
  );
  return app;
}
