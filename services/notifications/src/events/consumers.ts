import {
  AccountClosed,
  BILLING_STREAM,
  IDENTITY_STREAM,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  readEvent,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { inboxFor } from '@uapqa/service-kit/db';
import { forgetMember } from '../closing.js';
import type { NotificationsDeps } from '../deps.js';
import { ACCOUNT_MAIL_EVENTS, mailAccountEvent } from './account-mail.js';
import { ANSWER_FEEDBACK_EVENTS, mailAnswerFeedback } from './answer-feedback.js';
import { CREDIT_EVENTS, mailCreditEvent } from './credit-events.js';
import { EXPERT_APPLICATION_EVENTS, mailExpertApplication } from './expert-applications.js';
import { keepMember, MEMBER_EVENTS } from './members-copy.js';
import { MODERATION_DECISION_EVENTS, mailModerationDecision } from './moderation-decisions.js';
import { applyQuestionEvent, QUESTION_EVENTS } from './question-events.js';

export const CONSUMER = 'notifications';

const isOneOf = (types: readonly string[], type: string) => types.includes(type);

/**
 * Keeps the users and questions read copies and turns events into mail. Each event is handled
 * once (inbox); each message has a dedupe key of its own (the event id and the template), so
 * even a handler run twice could not enqueue it twice. The worker is kicked after each commit.
 */
export async function startConsumers(
  deps: NotificationsDeps,
  bus: EventBus,
): Promise<Subscription[]> {
  const { db, config } = deps;
  const once = inboxFor(db, deps.mail, CONSUMER);
  const delivery = {
    durable: CONSUMER,
    maxDeliver: config.EVENT_MAX_DELIVER,
    ...(config.EVENT_BACKOFF_MS ? { backoffMs: config.EVENT_BACKOFF_MS } : {}),
  };

  return Promise.all([
    bus.consume({
      ...delivery,
      stream: IDENTITY_STREAM,
      types: [
        ...ACCOUNT_MAIL_EVENTS,
        ...MEMBER_EVENTS,
        ...EXPERT_APPLICATION_EVENTS,
        AccountClosed.type,
      ],
      handler: once(async (tx, event) => {
        if (event.type === AccountClosed.type) {
          await forgetMember(tx, readEvent(AccountClosed, event).data);
        } else if (isOneOf(MEMBER_EVENTS, event.type)) {
          await keepMember(tx, event);
        } else if (isOneOf(ACCOUNT_MAIL_EVENTS, event.type)) {
          await mailAccountEvent(tx, event);
        } else if (isOneOf(EXPERT_APPLICATION_EVENTS, event.type)) {
          await mailExpertApplication(tx, event, config.STAFF_EMAIL);
        }
      }),
    }),
    bus.consume({
      ...delivery,
      stream: MODERATION_STREAM,
      types: MODERATION_DECISION_EVENTS,
      handler: once(mailModerationDecision),
    }),
    bus.consume({
      ...delivery,
      stream: QUESTIONS_STREAM,
      types: [...QUESTION_EVENTS, ...ANSWER_FEEDBACK_EVENTS],
      handler: once(async (tx, event) => {
        if (isOneOf(ANSWER_FEEDBACK_EVENTS, event.type)) await mailAnswerFeedback(tx, event);
        else await applyQuestionEvent(tx, event);
      }),
    }),
    bus.consume({
      ...delivery,
      stream: BILLING_STREAM,
      types: CREDIT_EVENTS,
      handler: once(mailCreditEvent),
    }),
  ]);
}
