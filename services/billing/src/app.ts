import { createServiceApp, type SessionVerifier, sessionMiddleware } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { BillingDeps } from './deps.js';
import { accountRoutes } from './routes/account.js';
import { localConfirmRoutes } from './routes/local-confirm.js';
import { paymentRoutes } from './routes/payments.js';
import { subscriptionRoutes } from './routes/subscription.js';
import { webhookRoutes } from './routes/webhook.js';

export function buildBillingApp(
  deps: BillingDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  const app = createServiceApp({ name: 'billing', logger: deps.logger, readiness });
  app.use('/api/*', sessionMiddleware(verifier));
  // Accounts, payments, receipts, client secrets, earnings: every answer but the public
  // provider config is someone's own, and no browser or proxy cache may keep it.
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.path !== '/api/billing/config') c.header('Cache-Control', 'no-store');
  });
  app.route('/', webhookRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', subscriptionRoutes(deps));
  if (deps.provider.kind === 'local') app.route('/', localConfirmRoutes(deps));
  return app;
}
