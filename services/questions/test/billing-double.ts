import {
  BILLING_STREAM,
  CREDIT_PACKAGES,
  CREDIT_RELEASE_SUBJECT,
  CREDIT_RESERVE_SUBJECT,
  type CreditReleaseReply,
  CreditReservationReply,
  CreditReservationRequest,
  CreditsRefunded,
  createEvent,
  SUBSCRIPTION,
  SubscriptionActivated,
  SubscriptionLapsed,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';

interface Account {
  active: boolean;
  balance: number;
}

/**
 * Billing as questions meets it: the credit reservation and release responders on the bus,
 * answering as billing's do (one debit per question, a release refunds a debit once and
 * announces it), over an in-memory ledger; and the subscription events billing publishes.
 */
export interface BillingDouble {
  /** An active subscriber with the period's credits and `packs` bought on top, announced. */
  subscribe(userId: number, packs?: Array<keyof typeof CREDIT_PACKAGES>): Promise<void>;
  /** The subscription ends (its credits are frozen), announced as billing does. */
  lapse(userId: number): Promise<void>;
  /** A member billing knows without a subscription. */
  open(userId: number): void;
  balance(userId: number): number;
  stop(): Promise<void>;
}

export async function startBillingDouble(bus: EventBus): Promise<BillingDouble> {
  const accounts = new Map<number, Account>();
  /** The member each question was debited to, and whether it was refunded since. */
  const debits = new Map<string, { userId: number; refunded: boolean }>();
  const account = (userId: number) => {
    let found = accounts.get(userId);
    if (!found) {
      found = { active: false, balance: 0 };
      accounts.set(userId, found);
    }
    return found;
  };

  const responders: Subscription[] = await Promise.all([
    bus.reply(CREDIT_RESERVE_SUBJECT, async (payload): Promise<CreditReservationReply> => {
      const request = CreditReservationRequest.parse(payload);
      const member = account(request.userId);
      if (debits.has(request.questionId)) return { ok: true, balance: member.balance };
      if (!member.active)
        return { ok: false, reason: 'subscription_required', balance: member.balance };
      if (member.balance < 1)
        return { ok: false, reason: 'insufficient_credits', balance: member.balance };
      member.balance -= 1;
      debits.set(request.questionId, { userId: request.userId, refunded: false });
      return CreditReservationReply.parse({ ok: true, balance: member.balance });
    }),
    bus.reply(CREDIT_RELEASE_SUBJECT, async (payload): Promise<CreditReleaseReply> => {
      const request = CreditReservationRequest.parse(payload);
      const member = account(request.userId);
      const debit = debits.get(request.questionId);
      if (!debit || debit.userId !== request.userId || debit.refunded) {
        return { released: false, balance: member.balance };
      }
      debit.refunded = true;
      member.balance += 1;
      await bus.publish(
        BILLING_STREAM,
        createEvent(CreditsRefunded, {
          userId: request.userId,
          questionId: request.questionId,
          credits: 1,
          reason: 'not_stored',
          balance: member.balance,
        }),
      );
      return { released: true, balance: member.balance };
    }),
  ]);

  return {
    async subscribe(userId, packs = []) {
      const member = account(userId);
      const returning = !member.active && member.balance > 0;
      member.active = true;
      member.balance += SUBSCRIPTION.creditsPerPeriod;
      for (const pack of packs) member.balance += CREDIT_PACKAGES[pack].credits;
      await bus.publish(
        BILLING_STREAM,
        createEvent(SubscriptionActivated, { userId, currentPeriodEnd: null, returning }),
      );
    },
    async lapse(userId) {
      const member = account(userId);
      member.active = false;
      await bus.publish(
        BILLING_STREAM,
        createEvent(SubscriptionLapsed, {
          userId,
          lapsedAt: new Date().toISOString(),
          frozenCredits: member.balance,
        }),
      );
    },
    open: (userId) => void account(userId),
    balance: (userId) => account(userId).balance,
    async stop() {
      for (const responder of responders) await responder.stop();
    },
  };
}
