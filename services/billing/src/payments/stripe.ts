import { CREDIT_PACKAGES, type CreditPackageName, SUBSCRIPTION } from '@uapqa/contracts';
import type Stripe from 'stripe';
import { creditsMetadata, type PaymentProvider } from './provider.js';

/** The monthly price is found (or created once) by this lookup key, so no id has to be configured. */
export const SUBSCRIPTION_PRICE_LOOKUP_KEY = 'uapqa_archive_access_monthly';

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private price: Promise<string> | undefined;

  constructor(
    private readonly stripe: Stripe,
    readonly publishableKey: string,
  ) {}

  private subscriptionPrice(): Promise<string> {
    this.price ??= (async () => {
      const found = await this.stripe.prices.list({
        lookup_keys: [SUBSCRIPTION_PRICE_LOOKUP_KEY],
        active: true,
        limit: 1,
      });
      if (found.data[0]) return found.data[0].id;
      const created = await this.stripe.prices.create(
        {
          currency: SUBSCRIPTION.currency,
          unit_amount: SUBSCRIPTION.priceCents,
          recurring: { interval: SUBSCRIPTION.interval },
          lookup_key: SUBSCRIPTION_PRICE_LOOKUP_KEY,
          product_data: { name: 'Archive Access' },
        },
        { idempotencyKey: `price-${SUBSCRIPTION_PRICE_LOOKUP_KEY}-${SUBSCRIPTION.priceCents}` },
      );
      return created.id;
    })();
    this.price.catch(() => {
      this.price = undefined;
    });
    return this.price;
  }

  async createCustomer(userId: number, email: string | null): Promise<string> {
    const customer = await this.stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { userId: String(userId) } },
      { idempotencyKey: `customer-${userId}` },
    );
    return customer.id;
  }

  async startSubscription(customerId: string, userId: number) {
    const subscription = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: await this.subscriptionPrice() }],
      // Incomplete until the first invoice is paid: the browser confirms its payment.
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: String(userId) },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!invoice?.id || !clientSecret) {
      throw new Error(`subscription ${subscription.id} came back without a payable invoice`);
    }
    return {
      subscriptionId: subscription.id,
      paymentId: invoice.id,
      clientSecret,
      amountCents: invoice.amount_due ?? SUBSCRIPTION.priceCents,
    };
  }

  async startCreditsPurchase(customerId: string, userId: number, pack: CreditPackageName) {
    const amountCents = CREDIT_PACKAGES[pack].priceCents;
    const intent = await this.stripe.paymentIntents.create({
      amount: amountCents,
      currency: SUBSCRIPTION.currency,
      customer: customerId,
      automatic_payment_methods: { enabled: true },
      description: `${CREDIT_PACKAGES[pack].credits} FOIA credits`,
      metadata: creditsMetadata(userId, pack),
    });
    if (!intent.client_secret) throw new Error(`payment intent ${intent.id} has no client secret`);
    return { paymentId: intent.id, clientSecret: intent.client_secret, amountCents };
  }

  async invoiceState(invoiceId: string): Promise<'payable' | 'paid' | 'expired'> {
    const { status } = await this.stripe.invoices.retrieve(invoiceId);
    if (status === 'open' || status === 'draft') return 'payable';
    return status === 'paid' ? 'paid' : 'expired';
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      // Neither prorated nor invoiced: the running period is neither refunded nor charged again.
      await this.stripe.subscriptions.cancel(subscriptionId, {
        prorate: false,
        invoice_now: false,
      });
    } catch (error) {
      // Already cancelled (or expired unpaid): what was asked is already so.
      if ((error as { code?: string }).code === 'resource_missing') return;
      if (/canceled subscription/i.test((error as Error).message ?? '')) return;
      throw error;
    }
  }
}
