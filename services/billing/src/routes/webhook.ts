import { WebhookReceipt } from '@uapqa/contracts';
import { defineRoute, PUBLIC, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { BillingDeps } from '../deps.js';

/** Stripe's webhook endpoint: the raw body is needed as sent, for the signature. */
export function webhookRoutes({ webhooks }: BillingDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/billing/webhook',
      operationId: 'receiveStripeWebhook',
      summary: 'Stripe webhook (authenticated by the Stripe-Signature header)',
      tag: 'billing',
      access: PUBLIC,
      ok: { 200: response(WebhookReceipt) },
      errors: [400],
    },
    async (c) => {
      const outcome = await webhooks.receive(await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ received: true, outcome });
    },
  );
  return app;
}
