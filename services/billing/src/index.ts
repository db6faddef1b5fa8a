export { type BillingConfig, billingConfigSchema } from './config.js';
export { billingService } from './descriptor.js';
export { expireFrozenCredits } from './jobs/expiry.js';
export { startBilling } from './service.js';
