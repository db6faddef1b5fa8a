import type { ServiceApi } from '@uapqa/service-kit';
import type { BillingDeps } from './deps.js';
import { accountRoutes } from './routes/account.js';
import { adminCreditRoutes } from './routes/admin-credits.js';
import { exportRoutes } from './routes/export.js';
import { localConfirmRoutes } from './routes/local-confirm.js';
import { paymentRoutes } from './routes/payments.js';
import { reportRoutes } from './routes/reports.js';
import { subscriptionRoutes } from './routes/subscription.js';
import { webhookRoutes } from './routes/webhook.js';

export function billingApi(deps: BillingDeps): ServiceApi {
  return {
    // Accounts, payments, receipts, client secrets, earnings: every answer but the public
    // provider config is someone's own, and no browser or proxy cache may keep it.
    apiMiddleware: async (c, next) => {
      await next();
      if (c.req.path !== '/api/billing/config') c.header('Cache-Control', 'no-store');
    },
    routes: [
      webhookRoutes(deps),
      paymentRoutes(deps),
      accountRoutes(deps),
      adminCreditRoutes(deps),
      reportRoutes(deps),
      exportRoutes(deps),
      subscriptionRoutes(deps),
      ...(deps.provider.kind === 'local' ? [localConfirmRoutes(deps)] : []),
    ],
  };
}
