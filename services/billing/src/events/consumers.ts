import {
  AccountClosed,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionOverdue,
  QuestionRejected,
  QuestionWithdrawn,
  RefundDecided,
  readEvent,
  UserEmailChanged,
  UserRegistered,
  UserSuspensionChanged,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { inboxFor } from '@uapqa/service-kit/db';
import { closeBillingAccount } from '../closing.js';
import { refundQuestion } from '../credits.js';
import { accounts, expertEarnings } from '../db/schema.js';
import type { BillingDeps } from '../deps.js';
import { reverseEarning } from '../earnings.js';
import { subscribeDemoMember } from '../seed-member.js';
import { stopRenewalOnSuspension } from '../suspension.js';

export const CONSUMER = 'billing';

/** What billing does with other services' events; each handler runs once per event (inbox). */
export async function startConsumers(deps: BillingDeps, bus: EventBus): Promise<Subscription[]> {
  const { db, relay, config } = deps;
  const once = inboxFor(db, relay, CONSUMER);

  return Promise.all([
    bus.consume({
      stream: IDENTITY_STREAM,
      durable: CONSUMER,
      types: [
        UserRegistered.type,
        UserEmailChanged.type,
        AccountClosed.type,
        UserSuspensionChanged.type,
      ],
      handler: once(async (tx, event) => {
        if (event.type === UserSuspensionChanged.type) {
          const { userId, suspended } = readEvent(UserSuspensionChanged, event).data;
          if (suspended) await stopRenewalOnSuspension(tx, deps, userId);
          return;
        }
        if (event.type === AccountClosed.type) {
          const { userId, closedAt } = readEvent(AccountClosed, event).data;
          await closeBillingAccount(tx, deps, userId, new Date(closedAt));
          return;
        }
        if (event.type === UserEmailChanged.type) {
          // The account moved to a confirmed new address: receipts and Stripe use it from now.
          const { userId, email } = readEvent(UserEmailChanged, event).data;
          await tx
            .insert(accounts)
            .values({ userId, email })
            .onConflictDoUpdate({ target: accounts.userId, set: { email } });
          return;
        }
        const { userId, email, username } = readEvent(UserRegistered, event).data;
        await tx
          .insert(accounts)
          .values({ userId, email })
          .onConflictDoUpdate({ target: accounts.userId, set: { email } });
        if (username === config.DEMO_SUBSCRIBER) await subscribeDemoMember(tx, deps, userId);
      }),
    }),
    bus.consume({
      stream: MODERATION_STREAM,
      durable: CONSUMER,
      types: [QuestionRejected.type],
      handler: once(async (tx, event) => {
        await refundQuestion(tx, readEvent(QuestionRejected, event).data.questionId, 'rejected');
      }),
    }),
    bus.consume({
      stream: QUESTIONS_STREAM,
      durable: CONSUMER,
      types: [
        QuestionOverdue.type,
        QuestionWithdrawn.type,
        QuestionAnswered.type,
        RefundDecided.type,
      ],
      handler: once(async (tx, event) => {
        if (event.type === RefundDecided.type) {
          const { questionId, granted, decidedAt } = readEvent(RefundDecided, event).data;
          if (!granted) return;
          // Each is keyed by the question, so a second grant event changes nothing.
          await refundQuestion(tx, questionId, 'refund_granted');
          await reverseEarning(tx, questionId, new Date(decidedAt));
          return;
        }
        if (event.type === QuestionOverdue.type) {
          await refundQuestion(tx, readEvent(QuestionOverdue, event).data.questionId, 'overdue');
          return;
        }
        if (event.type === QuestionWithdrawn.type) {
          const { questionId } = readEvent(QuestionWithdrawn, event).data;
          await refundQuestion(tx, questionId, 'expert_unavailable');
          return;
        }
        const { questionId, expertId, answeredAt } = readEvent(QuestionAnswered, event).data;
        // Keyed by question: the same answer announced twice (a new event id) earns once.
        await tx
          .insert(expertEarnings)
          .values({
            questionId,
            expertId,
            amountCents: config.EXPERT_FEE_CENTS,
            earnedAt: new Date(answeredAt),
          })
          .onConflictDoNothing();
      }),
    }),
  ]);
}
