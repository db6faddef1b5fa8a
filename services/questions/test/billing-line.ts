import { randomUUID } from 'node:crypto';
import {
  BILLING_STREAM,
  CREDIT_RELEASE_SUBJECT,
  CREDIT_RESERVE_SUBJECT,
  CreditsRefunded,
} from '@uapqa/contracts';
import { type EventBus, RequestError, type Subscription } from '@uapqa/service-kit';
import { eventually } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { QuestionsStack } from './harness.js';

/** An hour from now: old enough for the reservation sweep. */
export const later = () => new Date(Date.now() + 60 * 60 * 1000);

/**
 * A line between questions and billing's responders that can fail on cue: it can let billing
 * debit and then lose the reply (what billing sees when the questions process dies before its
 * commit: a debit nobody follows up), refuse to carry releases (billing unreachable, or the
 * process already dead), or hold the reply back (an ask still in flight).
 */
export class BillingLine {
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

export async function askingSetup(stack: QuestionsStack) {
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
export async function watchRefunds(stack: QuestionsStack) {
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
