import type { CreditPackageName } from '@uapqa/contracts';

export interface StartedPayment {
  /** The invoice id (subscription) or payment intent id (credits): the payment's key. */
  paymentId: string;
  clientSecret: string;
  amountCents: number;
}

/**
 * Where money is taken. Stripe in production; the local provider in the embedded default. Both
 * report outcomes only as signed, Stripe-shaped webhook events handled by the same code.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  readonly publishableKey: string | null;
  createCustomer(userId: number, email: string | null): Promise<string>;
  startSubscription(
    customerId: string,
    userId: number,
  ): Promise<StartedPayment & { subscriptionId: string }>;
  startCreditsPurchase(
    customerId: string,
    userId: number,
    pack: CreditPackageName,
  ): Promise<StartedPayment>;
  /**
   * Where a subscription's first invoice stands: `payable` with its client secret (a declined
   * card leaves it so), `paid` (its webhook may still be on the way), or `expired` (Stripe voids
   * it when the incomplete subscription expires).
   */
  invoiceState(invoiceId: string): Promise<'payable' | 'paid' | 'expired'>;
  /** Asks for the subscription to end at its period's end (true) or to renew again (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * Ends the subscription now: no renewal, and no refund of the running period (closing an
   * account). A subscription already ended is not an error.
   */
  cancelNow(subscriptionId: string): Promise<void>;
}

/** Metadata that ties a Stripe object back to a member and a purpose. */
export const creditsMetadata = (userId: number, pack: CreditPackageName) => ({
  userId: String(userId),
  kind: 'credits',
  package: pack,
});
