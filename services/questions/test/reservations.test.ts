import { randomUUID } from 'node:crypto';
import {
  BILLING_STREAM,
  CREDIT_RELEASE_SUBJECT,
  CREDIT_RESERVE_SUBJECT,
  CreditsRefunded,
} from '@uapqa/contracts';
import { type EventBus, RequestError, type Subscription } from '@uapqa/service-kit';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credits, type QuestionsStack, startQuestionsStack } from './harness.js';

/**
 * Credit reservations: a debit billing made for a question that was never stored is given back
 * exactly once, even when the asking process is gone before it could say so.
 *
 * Questions talks to billing's real responders through a line that can fail on cue: it can let
 * billing debit and then lose the reply (what billing sees when the questions process dies before
 * its commit: a debit nobody follows up), refuse to carry releases (billing unreachable, or the
 * process already dead), or hold the reply back (an ask still in flight).
 */

const later = () => new Date(Date.now() + 60 * 60 * 1000);

class BillingLine {
  reserve: 'deliver' | 'lose_reply' | 'hold' = 'deliver';
  releaseFails = false;
  /** Question ids of the reservations questions sent to billing, in order. */
  readonly reserved: string[] = [];
  private held: { reached: () => void; opened: Promise<void> } | null = null;

  reset() {
    this.reserve = 'deliver';
    this.releaseFails = false;
  }

  /** The next reservation's reply is held until `open()`; `reached` once billing has answered. */
  hold(): { reached: Promise<void>; open(): void } {
    let reached!: () => void;
    let open!: () => void;
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.reserve = 'hold';
    this.held = { reached, opened };
    return { reached: reachedPromise, open };
  }

  wrap(bus: EventBus): EventBus {
    const request = async <T>(subject: string, payload: unknown, timeoutMs?: number) => {
      if (subject === CREDIT_RESERVE_SUBJECT) {
        this.reserved.push((payload as { questionId: string }).questionId);
        const reply = await bus.request<T>(subject, payload, timeoutMs);
        if (this.reserve === 'lose_reply') {
          throw new RequestError('timeout', `${subject}: the reply was lost`);
        }
        if (this.reserve === 'hold' && this.held) {
          const held = this.held;
          this.held = null;
          held.reached();
          await held.opened;
        }
        return reply;
      }
      if (subject === CREDIT_RELEASE_SUBJECT && this.releaseFails) {
        throw new RequestError('no_responders', `no service answers ${subject}`);
      }
      return bus.request<T>(subject, payload, timeoutMs);
    };
    return new Proxy(bus, {
      get(target, property) {
        if (property === 'request') return request;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

async function askingSetup(stack: QuestionsStack) {
  const categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
  const tagIds = (await (await stack.visitor().get('/api/tags')).json())
    .slice(0, 2)
    .map((tag: { id: number }) => tag.id);
  return (expertId: number) => ({
    assignedCreatorId: expertId,
    categoryId,
    title: 'What did the carrier radar operators see?',
    content: 'Looking for the sequence of radar events during the encounter.',
    tagIds,
  });
}

/** Every CreditsRefunded billing publishes, by question id. */
async function watchRefunds(stack: QuestionsStack) {
  const refunds: Array<{ questionId: string; userId: number; reason: string }> = [];
  const watcher: Subscription = await stack.bus.bus.watch({
    stream: BILLING_STREAM,
    types: [CreditsRefunded.type],
    handler: async (event) => {
      refunds.push(event.data as (typeof refunds)[number]);
    },
  });
  const of = (questionId: string) => refunds.filter((refund) => refund.questionId === questionId);
  return {
    refunds,
    of,
    /**
     * Waits for a refund billing makes now (a fresh member's credit, reserved and released at
     * once, straight on the bus): billing publishes its refunds in the order it makes them, so
     * once this one is seen, every refund made before it has been seen too.
     */
    async caughtUp() {
      const member = await stack.member();
      const questionId = randomUUID();
      const request = { userId: member.id, questionId };
      expect(await stack.bus.bus.request(CREDIT_RESERVE_SUBJECT, request)).toMatchObject({
        ok: true,
      });
      expect(await stack.bus.bus.request(CREDIT_RELEASE_SUBJECT, request)).toMatchObject({
        released: true,
      });
      await eventually(() => expect(of(questionId)).toHaveLength(1));
    },
    stop: () => watcher.stop(),
  };
}

describe.each(testBackends())('credit reservations ($name)', (backend) => {
  const line = new BillingLine();
  let ask: Awaited<ReturnType<typeof askingSetup>>;
  let refunds: Awaited<ReturnType<typeof watchRefunds>>;

  /** An expert whose current window still has `places` places. */
  async function expertWithRoom(places: number): Promise<number> {
    const experts = await (await stack.visitor().get('/api/creators')).json();
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
    const experts = await (await stack.visitor().get('/api/creators')).json();
    const other = experts.find(
      (c: { userId: number; window: { remaining: number } }) =>
        c.userId !== expertId && c.window.remaining >= 1,
    ).userId as number;
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
    const smallest = (await (await stack.visitor().get('/api/creators')).json()).reduce(
      (a: { window: { capacity: number } }, b: { window: { capacity: number } }) =>
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

describe.each(testBackends())('the scheduled reservation sweep ($name)', (backend) => {
  const line = new BillingLine();

  const stack = stackForSuite(() =>
    startQuestionsStack(
      backend,
      { RESERVATION_SWEEP_MS: '100', RESERVATION_ORPHAN_MS: '500' },
      (bus) => line.wrap(bus),
    ),
  );
  beforeAll(async () => {
    await stack.experts();
  });

  it('gives back, on its own and once, the credit of an ask that died after the debit', async () => {
    const refunds = await watchRefunds(stack);
    try {
      const ask = await askingSetup(stack);
      const experts = await (await stack.visitor().get('/api/creators')).json();
      const member = await stack.member();
      line.reserve = 'lose_reply';
      line.releaseFails = true;
      const response = await member.post('/api/questions', ask(experts[0].userId));
      line.reset();
      expect(response.status).toBe(503);
      const questionId = line.reserved.at(-1)!;
      await eventually(async () => expect(await credits(member)).toBe(3), { timeoutMs: 10_000 });
      await eventually(() => expect(refunds.of(questionId)).toHaveLength(1));
      // A second ask dies the same way: the sweep that gives its credit back started after the
      // first refund, and takes the oldest reservations first; billing publishes the refunds
      // in order. Once the second is seen, a second refund of the first would have been too.
      line.reserve = 'lose_reply';
      line.releaseFails = true;
      const again = await member.post('/api/questions', ask(experts[0].userId));
      line.reset();
      expect(again.status).toBe(503);
      const laterId = line.reserved.at(-1)!;
      expect(laterId).not.toBe(questionId);
      await eventually(() => expect(refunds.of(laterId)).toHaveLength(1), { timeoutMs: 10_000 });
      expect(refunds.of(questionId)).toHaveLength(1);
      expect(await credits(member)).toBe(3);
    } finally {
      line.reset();
      await refunds.stop();
    }
  });
});
