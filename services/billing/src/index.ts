export { type BillingConfig, billingConfigSchema } from './config.js';
export { expireFrozenCredits } from './jobs/expiry.js';
export { type BillingServiceOptions, startBilling } from './service.js';
