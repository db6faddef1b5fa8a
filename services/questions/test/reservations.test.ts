import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingSetup, BillingLine, later, watchRefunds } from './billing-line.js';
import { credits, startQuestionsStack } from './harness.js';

/**
 * Credit reservations: a debit billing made for a question that was never stored is given back
 * exactly once, even when the asking process is gone before it could say so. Questions reaches
 * billing's responders (the double's ledger) through a line that fails on cue.
 */
describe.each(testBackends())('credit reservations ($name)', (backend) => {
  const line = new BillingLine();
  let ask: Awaited<ReturnType<typeof askingSetup>>;
  let refunds: Awaited<ReturnType<typeof watchRefunds>>;

  /** An expert whose current window still has `places` places. */
  async function expertWithRoom(places: number): Promise<number> {
    const experts = await stack.creators();
    const roomy = experts.find(
      (c: { window: { remaining: number } }) => c.window.remaining >= places,
    );
    if (!roomy) throw new Error(`no expert has ${places} places left this week`);
    return roomy.userId;
  }

  // The scheduled sweep stays out of the way: these tests run it themselves.
  const stack = stackForSuite(() =>
    startQuestionsStack(backend, { RESERVATION_SWEEP_MS: '3600000' }, (bus) => line.wrap(bus)),
  );
  beforeAll(async () => {
    await stack.experts();
    ask = await askingSetup(stack);
    refunds = await watchRefunds(stack);
  });
  afterAll(async () => {
    await refunds?.stop();
  });

  it('refunds a debit whose ask died before storing it, once, with two sweeps at once', async () => {
    const member = await stack.member();
    const expertId = await expertWithRoom(1);
    // Three asks reach billing, which debits, and then nothing more is heard of them: the reply
    // is lost and no release gets through, as when the questions process dies mid-ask.
    line.reserve = 'lose_reply';
    line.releaseFails = true;
    const orphaned: string[] = [];
    try {
      for (let n = 0; n < 3; n++) {
        const response = await member.post('/api/questions', ask(expertId));
        expect(response.status).toBe(503);
        orphaned.push(line.reserved.at(-1)!);
      }
    } finally {
      line.reset();
    }
    expect(await credits(member)).toBe(0);
    expect(await (await member.get('/api/my-questions')).json()).toEqual([]);

    // Not yet: billing might still be working on such a recent reservation.
    expect(await stack.questions.sweepReservations()).toBe(0);
    expect(await credits(member)).toBe(0);

    // Once old enough, two sweeps at the same moment release each credit once between them.
    const at = later();
    const swept = await Promise.all([
      stack.questions.sweepReservations(at),
      stack.questions.sweepReservations(at),
    ]);
    expect(swept[0] + swept[1]).toBe(3);
    expect(await credits(member)).toBe(3);
    expect(await stack.questions.sweepReservations(at)).toBe(0);

    await eventually(() => {
      for (const id of orphaned) expect(refunds.of(id), id).toHaveLength(1);
    });
    await refunds.caughtUp();
    for (const id of orphaned) {
      expect(refunds.of(id)).toEqual([
        expect.objectContaining({ userId: member.id, reason: 'not_stored' }),
      ]);
    }
    expect(await credits(member)).toBe(3);
    expect(await (await member.get('/api/my-questions')).json()).toEqual([]);
  });

  it('refunds a lost reply at once, and the later sweep refunds nothing more', async () => {
    const member = await stack.member();
    line.reserve = 'lose_reply';
    const response = await member.post('/api/questions', ask(await expertWithRoom(1)));
    line.reset();
    expect(response.status).toBe(503);
    const questionId = line.reserved.at(-1)!;
    // Released right away; the reservation stays until billing can no longer debit late.
    expect(await credits(member)).toBe(3);
    expect(await stack.questions.sweepReservations()).toBe(0);

    expect(await stack.questions.sweepReservations(later())).toBe(1);
    expect(await stack.questions.sweepReservations(later())).toBe(0);
    expect(await credits(member)).toBe(3);
    await eventually(() => expect(refunds.of(questionId)).toHaveLength(1));
    await refunds.caughtUp();
    expect(refunds.of(questionId)).toHaveLength(1);
  });

  it('never sweeps the reservation of an ask still waiting for billing', async () => {
    const member = await stack.member();
    const held = line.hold();
    const asking = member.post('/api/questions', ask(await expertWithRoom(1)));
    try {
      await held.reached;
      // Billing debited; the ask has not stored its question yet, and its reservation is old
      // enough for the sweep by the clock the sweep is given.
      expect(await credits(member)).toBe(2);
      const sweeping = stack.questions.sweepReservations(later());
      if (backend.name === 'real') {
        // Postgres: the sweep runs now, beside the open transaction, and skips its locked row.
        // (PGlite runs one transaction at a time: there the sweep waits for the ask to end.)
        expect(await sweeping).toBe(0);
      }
      held.open();
      const response = await asking;
      expect(response.status).toBe(201);
      const { id } = await response.json();
      expect(id).toBe(line.reserved.at(-1));
      expect(await sweeping).toBe(0);
      expect(await credits(member)).toBe(2);
      expect(await stack.questions.sweepReservations(later())).toBe(0);
      await refunds.caughtUp();
      expect(refunds.of(id)).toEqual([]);
      expect((await (await member.get('/api/my-questions')).json())[0]).toMatchObject({
        id,
        status: 'pending',
      });
    } finally {
      held.open();
      line.reset();
    }
  });

  it('leaves no reservation after a stored question or a refusal, and refunds nothing', async () => {
    const member = await stack.member();
    // One member holds at most two places in one window: the three go to two experts.
    const expertId = await expertWithRoom(3);
    const experts = await stack.creators();
    const other = experts.find(
      (c: { userId: number; window: { remaining: number } }) =>
        c.userId !== expertId && c.window.remaining >= 1,
    )!.userId as number;
    const stored: string[] = [];
    for (const to of [expertId, other, other]) {
      const response = await member.post('/api/questions', ask(to));
      expect(response.status).toBe(201);
      stored.push((await response.json()).id);
    }
    expect(await credits(member)).toBe(0);
    // Billing refuses: no credits, then no subscription.
    expect((await member.post('/api/questions', ask(expertId))).status).toBe(402);
    const unsubscribed = await stack.member({ subscribe: false });
    expect((await unsubscribed.post('/api/questions', ask(expertId))).status).toBe(403);
    // The window refuses before billing is asked.
    const smallest = (await stack.creators()).reduce((a, b) =>
      b.window.capacity < a.window.capacity ? b : a,
    );
    const filler = await stack.member({ packs: ['bulk'] });
    for (let n = 0; n < smallest.window.remaining; n++) {
      expect((await filler.post('/api/questions', ask(smallest.userId))).status).toBe(201);
    }
    const fillerCredits = await credits(filler);
    expect((await filler.post('/api/questions', ask(smallest.userId))).status).toBe(409);
    expect(await credits(filler)).toBe(fillerCredits);

    expect(await stack.questions.sweepReservations(later())).toBe(0);
    await refunds.caughtUp();
    const ours = new Set([member.id, unsubscribed.id, filler.id]);
    expect(refunds.refunds.filter((refund) => ours.has(refund.userId))).toEqual([]);
    expect(await credits(member)).toBe(0);
    const mine = await (await member.get('/api/my-questions')).json();
    expect(mine.map((q: { id: string }) => q.id).sort()).toEqual([...stored].sort());
  });
});
