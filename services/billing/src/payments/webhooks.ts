import type { Database, OutboxRelay } from '@uapqa/service-kit';
import { badRequest } from '@uapqa/service-kit';
import type Stripe from 'stripe';
import { webhookEvents } from '../db/schema.js';
import { applyStripeEvent } from './apply-event.js';

export type WebhookOutcome = 'applied' | 'duplicate';

/**
 * The one way a payment outcome enters billing: a Stripe-signed event, verified with the SDK,
 * applied once (its id is recorded in the same transaction as its effects).
 */
export class WebhookReceiver {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
    private readonly db: Database,
    private readonly relay: OutboxRelay,
  ) {}

  async receive(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    if (!signature) throw badRequest('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.secret);
    } catch (error) {
      throw badRequest(`Webhook signature verification failed: ${(error as Error).message}`);
    }
    const outcome = await this.db.transaction(async (tx) => {
      const first = await tx
        .insert(webhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (first.length === 0) return 'duplicate' as const;
      await applyStripeEvent(tx, event);
      return 'applied' as const;
    });
    if (outcome === 'applied') this.relay.kick();
    return outcome;
  }

  /** Signs a payload as Stripe would (the local provider's confirmations use it). */
  sign(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
  }
}
