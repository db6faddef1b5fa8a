import { baseServiceConfig, env } from '@uapqa/service-kit';
import { z } from 'zod';

export const billingConfigSchema = baseServiceConfig
  .extend({
    PORT: env.port(4002),
    /**
     * `stripe` needs the three STRIPE_* keys; `local` is the embedded provider whose payments
     * are confirmed by a route (never in production); `auto` picks stripe when a key is set.
     */
    PAYMENT_PROVIDER: z.enum(['auto', 'stripe', 'local']).default('auto'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** Points the Stripe SDK at another API host (a local test double); unset: Stripe's own. */
    STRIPE_API_URL: env.optionalUrl(),
    /** What an expert earns per answered question, in US cents. */
    EXPERT_FEE_CENTS: env.int(3500),
    /** How often lapsed accounts are checked for credits past their 6 frozen months. */
    EXPIRY_INTERVAL_MS: env.int(60 * 60 * 1000),
    /**
     * Local provider only: how often subscriptions whose period ended are renewed, or lapsed
     * when the member cancelled (Stripe does both itself and says so by webhook).
     */
    PERIOD_SWEEP_MS: env.int(60 * 1000),
    /**
     * Embedded demo only: the username whose account starts as a paid subscriber (through the
     * local provider) when identity announces it. Ignored with Stripe.
     */
    DEMO_SUBSCRIBER: z.string().min(1).optional(),
  })
  .superRefine((config, context) => {
    const wantsStripe =
      config.PAYMENT_PROVIDER === 'stripe' ||
      (config.PAYMENT_PROVIDER === 'auto' && Boolean(config.STRIPE_SECRET_KEY));
    if (!wantsStripe) return;
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
    ] as const) {
      if (!config[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required for Stripe payments',
        });
      }
    }
  });
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export function usesStripe(config: BillingConfig): boolean {
  return (
    config.PAYMENT_PROVIDER === 'stripe' ||
    (config.PAYMENT_PROVIDER === 'auto' && Boolean(config.STRIPE_SECRET_KEY))
  );
}
