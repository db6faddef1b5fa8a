import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { billingConfigSchema } from './config.js';
import { startBilling } from './service.js';

/** Billing: subscriptions, the credit ledger, payments and expert earnings. */
export const billingService = defineService({
  name: 'billing',
  configSchema: billingConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: (context) => startBilling(context),
  // Tests never reach Stripe, and the hourly expiry stays out of their way (they run it at will).
  testDefaults: () => ({ PAYMENT_PROVIDER: 'local', EXPIRY_INTERVAL_MS: '3600000' }),
});
