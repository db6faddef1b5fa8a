import { randomUUID } from 'node:crypto';
import {
  CREDIT_RELEASE_SUBJECT,
  CREDIT_RESERVE_SUBJECT,
  type CreditReservationReply,
  CreditsRefunded,
  createEvent,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionOverdue,
  QuestionRejected,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { currentUser, pay, startBilling } from './harness.js';

describe.each(testBackends())('credit reservations and refunds ($name)', (backend) => {
  const reserve = (userId: number, questionId: string) =>
    stack.bus.request<CreditReservationReply>(CREDIT_RESERVE_SUBJECT, { userId, questionId });

  /** A subscribed member with exactly 3 credits. */
  async function subscriber(): Promise<{ browser: Browser; userId: number }> {
    const { browser, userId } = await stack.member();
    await pay(browser, { path: '/api/create-subscription' });
    expect((await currentUser(browser)).foiaCredits).toBe(3);
    return { browser, userId };
  }

  const stack = stackForSuite(() => startBilling(backend));

  it('debits exactly 3 of 50 simultaneous reservations against a balance of 3', async () => {
    const { browser, userId } = await subscriber();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => reserve(userId, randomUUID())),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(3);
    const refused = replies.filter((reply) => !reply.ok);
    expect(refused).toHaveLength(47);
    expect(refused.every((reply) => !reply.ok && reply.reason === 'insufficient_credits')).toBe(
      true,
    );
    expect((await currentUser(browser)).foiaCredits).toBe(0);
  });

  it('answers a repeated reservation for the same question the same, debiting once', async () => {
    const { browser, userId } = await subscriber();
    const questionId = randomUUID();
    const [first, second] = await Promise.all([
      reserve(userId, questionId),
      reserve(userId, questionId),
    ]);
    expect(first).toEqual({ ok: true, balance: 2 });
    expect(second).toEqual({ ok: true, balance: 2 });
    expect((await currentUser(browser)).foiaCredits).toBe(2);
  });

  it('requires an active subscription', async () => {
    const { userId } = await stack.member();
    expect(await reserve(userId, randomUUID())).toEqual({
      ok: false,
      reason: 'subscription_required',
      balance: 0,
    });
  });

  it('refunds a rejected question once, however often the event arrives', async () => {
    const { browser, userId } = await subscriber();
    const questionId = randomUUID();
    await reserve(userId, questionId);
    const refunds = await recordEvents(stack.bus, 'billing', [CreditsRefunded.type]);
    const rejected = createEvent(QuestionRejected, {
      questionId,
      askerId: userId,
      moderatorId: 2,
      moderationNotes: 'Off topic',
      rejectedAt: new Date().toISOString(),
    });
    await stack.bus.publish(MODERATION_STREAM, rejected);
    await stack.bus.publish(MODERATION_STREAM, rejected); // a redelivery of the same event
    await stack.bus.publish(MODERATION_STREAM, { ...rejected, id: randomUUID() }); // a second event
    await eventually(() => expect(refunds.data()).toHaveLength(1));
    // A later rejection, of another member's question: billing takes the events in order and
    // publishes its refunds in that order, so once this one's refund is out, a second refund
    // of the first question would be out too.
    const other = await subscriber();
    const laterQuestionId = randomUUID();
    await reserve(other.userId, laterQuestionId);
    await stack.bus.publish(MODERATION_STREAM, {
      ...rejected,
      id: randomUUID(),
      data: { ...rejected.data, questionId: laterQuestionId, askerId: other.userId },
    });
    const ofLater = (refund: unknown) =>
      (refund as { questionId: string }).questionId === laterQuestionId;
    await eventually(() => expect(refunds.data().filter(ofLater)).toHaveLength(1));
    expect(refunds.data().filter((refund) => !ofLater(refund))).toEqual([
      { userId, questionId, credits: 1, reason: 'rejected', balance: 3 },
    ]);
    expect((await currentUser(browser)).foiaCredits).toBe(3);
    await refunds.stop();
  });

  it('refunds an overdue question, and a reservation whose question was not stored, once each', async () => {
    const { browser, userId } = await subscriber();
    const overdue = randomUUID();
    const unstored = randomUUID();
    await reserve(userId, overdue);
    await reserve(userId, unstored);
    expect((await currentUser(browser)).foiaCredits).toBe(1);

    await stack.bus.publish(
      QUESTIONS_STREAM,
      createEvent(QuestionOverdue, {
        questionId: overdue,
        askerId: userId,
        assignedExpertId: 4,
        dueAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => expect((await currentUser(browser)).foiaCredits).toBe(2));

    const release = () =>
      stack.bus.request(CREDIT_RELEASE_SUBJECT, { userId, questionId: unstored });
    expect(await release()).toEqual({ released: true, balance: 3 });
    expect(await release()).toEqual({ released: false, balance: 3 });
    expect((await currentUser(browser)).foiaCredits).toBe(3);
  });

  it("pays the expert's fee once per answered question", async () => {
    const expert = await stack.signedIn('expert');
    const expertId = expert.userId;
    const before = await (await expert.get('/api/billing/earnings')).json();
    const answered = createEvent(QuestionAnswered, {
      questionId: randomUUID(),
      askerId: 3,
      expertId,
      title: 'What did the radar show?',
      answeredAt: new Date().toISOString(),
    });
    await stack.bus.publish(QUESTIONS_STREAM, answered);
    await stack.bus.publish(QUESTIONS_STREAM, { ...answered, id: randomUUID() });
    await eventually(async () => {
      const after = await (await expert.get('/api/billing/earnings')).json();
      expect(after).toMatchObject({
        feeCents: 3500,
        answeredCount: before.answeredCount + 1,
        totalEarningsCents: before.totalEarningsCents + 3500,
        unpaidCents: before.unpaidCents + 3500,
      });
    });
    expect((await (await stack.member()).browser.get('/api/billing/earnings')).status).toBe(403);
  });
});
