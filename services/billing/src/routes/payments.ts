import {
  ALREADY_SUBSCRIBED,
  BillingConfig,
  PaymentStart,
  PurchaseCreditsBody,
} from '@uapqa/contracts';
import { currentSession, defineRoute, PUBLIC, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { BillingDeps } from '../deps.js';
import { startCreditsPurchase, startSubscription } from '../payments/start-payment.js';

export function paymentRoutes(deps: BillingDeps): Hono {
  const { provider } = deps;
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/billing/config',
      operationId: 'getBillingConfig',
      summary: 'Payment provider and its publishable key',
      tag: 'billing',
      access: PUBLIC,
      ok: { 200: response(BillingConfig) },
    },
    (c) => c.json({ provider: provider.kind, publishableKey: provider.publishableKey }),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/create-subscription',
      operationId: 'createSubscription',
      summary: 'Start the subscription payment',
      tag: 'billing',
      access: SESSION,
      ok: {
        200: response(
          PaymentStart,
          '`clientSecret` to confirm, or `error` when already subscribed.',
        ),
      },
    },
    async (c) => {
      const clientSecret = await startSubscription(deps, currentSession(c).userId);
      if (!clientSecret) return c.json({ error: { message: ALREADY_SUBSCRIBED } });
      return c.json({ clientSecret });
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/purchase-credits',
      operationId: 'purchaseCredits',
      summary: 'Start a credit package payment',
      tag: 'billing',
      access: SESSION,
      body: PurchaseCreditsBody,
      ok: { 200: response(PaymentStart) },
      errors: [403],
    },
    async (c, { body }) => {
      const clientSecret = await startCreditsPurchase(deps, currentSession(c).userId, body.package);
      return c.json({ clientSecret });
    },
  );

  return app;
}
