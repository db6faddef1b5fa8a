import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  CREDIT_RELEASE_SUBJECT,
  CREDIT_RESERVE_SUBJECT,
  CreditReservationRequest,
} from '@uapqa/contracts';
import type { ServiceInstance, ServiceStartContext } from '@uapqa/service-kit';
import { startServiceRuntime } from '@uapqa/service-kit/db';

import { billingApi } from './app.js';
import { type BillingConfig, usesStripe } from './config.js';
import { releaseCredit, reserveCredit } from './credits.js';
import * as schema from './db/schema.js';
import type { BillingDeps } from './deps.js';
import { startConsumers } from './events/consumers.js';
import { expireFrozenCredits, scheduleExpiry } from './jobs/expiry.js';
import { endLocalPeriods, schedulePeriodEnds } from './jobs/period-end.js';
import { LocalPaymentProvider } from './payments/local.js';
import { StripePaymentProvider } from './payments/stripe.js';
import { createStripeClient } from './payments/stripe-client.js';
import { WebhookReceiver } from './payments/webhooks.js';

export const BILLING_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface BillingInstance extends ServiceInstance {
  /** Runs the frozen-credit expiry now (it also runs on its own every EXPIRY_INTERVAL_MS). */
  expireFrozenCredits(now?: Date): Promise<number>;
  /**
   * Local provider: renews or ends the subscriptions whose period ended by `now` (it also runs
   * on its own every PERIOD_SWEEP_MS). Stripe mode does nothing: Stripe ends periods itself.
   */
  endPeriods(now?: Date): Promise<{ renewed: number; ended: number }>;
}

export async function startBilling(
  options: ServiceStartContext<BillingConfig>,
): Promise<BillingInstance> {
  const { config, bus } = options;
  const runtime = await startServiceRuntime({
    ...options,
    name: 'billing',
    schema,
    migrationsFolder: BILLING_MIGRATIONS,
  });
  const { db, relay, logger } = runtime;

  const stripeMode = usesStripe(config);
  // The local provider signs its own events: a fresh secret per process is all it needs.
  const stripe = createStripeClient(
    config.STRIPE_SECRET_KEY ?? 'sk_local_unused',
    config.STRIPE_API_URL,
  );
  const webhookSecret = stripeMode
    ? config.STRIPE_WEBHOOK_SECRET!
    : `whsec_local_${randomBytes(24).toString('hex')}`;
  const provider = stripeMode
    ? new StripePaymentProvider(stripe, config.STRIPE_PUBLISHABLE_KEY!)
    : new LocalPaymentProvider();
  const webhooks = new WebhookReceiver(stripe, webhookSecret, db, relay);
  const deps: BillingDeps = { db, config, logger, relay, provider, webhooks };

  relay.start();
  const consumers = await startConsumers(deps, bus);
  const responders = await Promise.all([
    bus.reply(CREDIT_RESERVE_SUBJECT, async (payload) =>
      reserveCredit(db, CreditReservationRequest.parse(payload)),
    ),
    bus.reply(CREDIT_RELEASE_SUBJECT, async (payload) =>
      releaseCredit(db, CreditReservationRequest.parse(payload)),
    ),
  ]);
  const stopExpiry = scheduleExpiry(db, config.EXPIRY_INTERVAL_MS, logger);
  const stopPeriodEnds = stripeMode
    ? () => {}
    : schedulePeriodEnds(db, webhooks, config.PERIOD_SWEEP_MS, logger);
  logger.info({ provider: provider.kind }, 'billing payment provider');

  const app = runtime.app(billingApi(deps));
  return {
    name: 'billing',
    app,
    expireFrozenCredits: (now) => expireFrozenCredits(db, now),
    endPeriods: async (now) =>
      stripeMode ? { renewed: 0, ended: 0 } : endLocalPeriods(db, webhooks, now),
    async stop() {
      stopExpiry();
      stopPeriodEnds();
      await runtime.stop([...responders, ...consumers]);
    },
  };
}
