import { randomBytes, randomUUID } from 'node:crypto';
import { CREDIT_PACKAGES, type CreditPackageName, SUBSCRIPTION } from '@uapqa/contracts';
import type { PaymentProvider } from './provider.js';

const id = (prefix: string) => `${prefix}_local_${randomUUID().replaceAll('-', '')}`;
const secretFor = (paymentId: string) => `${paymentId}_secret_${randomBytes(12).toString('hex')}`;

/**
 * The embedded default's provider: it takes no money. Payments are confirmed (or declined)
 * through `POST /api/billing/local/confirm`, which turns them into signed Stripe-shaped events
 * for the real webhook handler. Never used when Stripe keys are configured.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly publishableKey = null;

  async createCustomer(): Promise<string> {
    return id('cus');
  }

  async startSubscription() {
    const paymentId = id('in');
    return {
      subscriptionId: id('sub'),
      paymentId,
      clientSecret: secretFor(paymentId),
      amountCents: SUBSCRIPTION.priceCents,
    };
  }

  async startCreditsPurchase(_customerId: string, _userId: number, pack: CreditPackageName) {
    const paymentId = id('pi');
    return {
      paymentId,
      clientSecret: secretFor(paymentId),
      amountCents: CREDIT_PACKAGES[pack].priceCents,
    };
  }

  /**
   * A local invoice never expires, and billing's own row already says when one was paid: a
   * declined one is simply confirmed again.
   */
  async invoiceState(): Promise<'payable'> {
    return 'payable';
  }

  /** Billing's own account row is the only record; the period-end job acts on it. */
  async setCancelAtPeriodEnd(): Promise<void> {}

  /** Nothing to tell anyone: billing's own row, marked closed, is the whole subscription. */
  async cancelNow(): Promise<void> {}
}
