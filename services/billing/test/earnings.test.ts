import { randomUUID } from 'node:crypto';
import {
  createEvent,
  EXPERT_PAYOUT_DAY_OF_MONTH,
  ExpertEarnings,
  QUESTIONS_STREAM,
  QuestionAnswered,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { startBilling } from './harness.js';

const FEE = 3500;

/** `YYYY-MM` and `YYYY-MM-DD` of a moment, in UTC, as the statement names them. */
const monthOf = (iso: string) => iso.slice(0, 7);
/** The payout day the statement should announce: the 15th of this month, or of the next. */
function expectedNextPayout(now = new Date()): string {
  const month =
    now.getUTCDate() <= EXPERT_PAYOUT_DAY_OF_MONTH ? now.getUTCMonth() : now.getUTCMonth() + 1;
  return new Date(Date.UTC(now.getUTCFullYear(), month, EXPERT_PAYOUT_DAY_OF_MONTH))
    .toISOString()
    .slice(0, 10);
}

describe.each(testBackends())('the expert earnings statement ($name)', (backend) => {
  async function statement(browser: Browser): Promise<ExpertEarnings> {
    const response = await browser.get('/api/billing/earnings');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return ExpertEarnings.parse(await response.json());
  }

  function answered(expertId: number, answeredAt: string, questionId = randomUUID()) {
    return createEvent(QuestionAnswered, {
      questionId,
      askerId: 3,
      expertId,
      title: 'What did the radar show?',
      answeredAt,
    });
  }

  const stack = stackForSuite(() => startBilling(backend, { EXPERT_FEE_CENTS: String(FEE) }));

  it('puts each fee in the calendar month (UTC) its answer was given, and adds up', async () => {
    const expert = await stack.signedIn('expert');
    const expertId = expert.userId;
    const empty = await statement(expert);
    expect(empty.answeredCount).toBe(0);
    expect(empty.periods).toEqual([
      expect.objectContaining({ month: monthOf(new Date().toISOString()), status: 'open' }),
    ]);

    const now = new Date().toISOString();
    for (const answeredAt of [
      '2025-03-31T23:59:59.999Z',
      '2025-04-01T00:00:00.000Z',
      '2025-04-20T12:00:00.000Z',
      now,
    ]) {
      await stack.bus.publish(QUESTIONS_STREAM, answered(expertId, answeredAt));
    }
    await eventually(async () => expect((await statement(expert)).answeredCount).toBe(4));
    const result = await statement(expert);

    const nextPayout = expectedNextPayout();
    expect(result.periods).toEqual([
      {
        month: monthOf(now),
        answeredCount: 1,
        amountCents: FEE,
        unpaidCents: FEE,
        status: 'open',
        payoutDate: expect.any(String),
      },
      {
        month: '2025-04',
        answeredCount: 2,
        amountCents: 2 * FEE,
        unpaidCents: 2 * FEE,
        status: 'due',
        payoutDate: nextPayout,
      },
      {
        month: '2025-03',
        answeredCount: 1,
        amountCents: FEE,
        unpaidCents: FEE,
        status: 'due',
        payoutDate: nextPayout,
      },
    ]);
    expect(result).toMatchObject({
      feeCents: FEE,
      answeredCount: 4,
      totalEarningsCents: 4 * FEE,
      unpaidCents: 4 * FEE,
      payoutDayOfMonth: EXPERT_PAYOUT_DAY_OF_MONTH,
    });
    // Nothing pays experts out yet: the closed months are all due on the next payout day, and
    // the open month joins them only when it ends before that day.
    const openJoins = result.periods[0]?.payoutDate === nextPayout;
    expect(result.nextPayout).toEqual({
      date: nextPayout,
      closedCents: 3 * FEE,
      openCents: openJoins ? FEE : 0,
      amountCents: openJoins ? 4 * FEE : 3 * FEE,
    });
  });

  it('pays an answer announced twice, or redelivered, once', async () => {
    const expert = await stack.signedIn('expert');
    const expertId = expert.userId;
    const event = answered(expertId, '2025-06-10T09:00:00.000Z');
    await stack.bus.publish(QUESTIONS_STREAM, event);
    await stack.bus.publish(QUESTIONS_STREAM, event);
    await stack.bus.publish(QUESTIONS_STREAM, { ...event, id: randomUUID() });
    // A later answer in the same month is the marker that every earlier delivery was handled.
    const marker = answered(expertId, '2025-06-11T09:00:00.000Z');
    await stack.bus.publish(QUESTIONS_STREAM, marker);
    await eventually(async () => {
      const [june] = (await statement(expert)).periods.filter((p) => p.month === '2025-06');
      expect(june?.answeredCount).toBe(2);
    });
    const result = await statement(expert);
    expect(result.answeredCount).toBe(2);
    expect(result.totalEarningsCents).toBe(2 * FEE);
  });

  it('shows each expert their own statement and nobody else any', async () => {
    const dana = await stack.signedIn('expert');
    const danaId = dana.userId;
    const evelyn = await stack.signedIn('expert');
    await stack.bus.publish(QUESTIONS_STREAM, answered(danaId, '2025-08-01T10:00:00.000Z'));
    await eventually(async () => expect((await statement(dana)).answeredCount).toBe(1));
    expect((await statement(evelyn)).answeredCount).toBe(0);

    const { browser: member } = await stack.member();
    const forbidden = await member.get('/api/billing/earnings');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: expect.any(String) });
    expect((await stack.visitor().get('/api/billing/earnings')).status).toBe(401);
    // The expert is the session's: a query naming someone else changes nothing.
    const asked = await evelyn.get(`/api/billing/earnings?expertId=${danaId}`);
    expect(ExpertEarnings.parse(await asked.json()).answeredCount).toBe(0);
  });
});
