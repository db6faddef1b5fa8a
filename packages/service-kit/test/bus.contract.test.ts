import { createEvent, defineEvent, type EventEnvelope } from '@uapqa/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../src/bus/types.js';
import { RequestError } from '../src/bus/types.js';
import { eventually, type TestBus, testBackends } from '../src/testing/index.js';
import { consumeNumbers } from './fixtures/consume-numbers.js';

const Pinged = defineEvent('test', 'Pinged', 1, z.object({ n: z.number() }));
const Ponged = defineEvent('test', 'Ponged', 1, z.object({ n: z.number() }));
const ping = (n: number) => createEvent(Pinged, { n });

describe.each(testBackends())('event bus contract ($name)', (backend) => {
  let harness: TestBus;
  let bus: EventBus;

  beforeEach(async () => {
    harness = await backend.bus('contract');
    bus = harness.bus;
  });
  afterEach(async () => {
    await harness.cleanup();
  });

  it('delivers published events of the requested types to a durable consumer, in order', async () => {
    const { seen } = await consumeNumbers(bus, 'orders', 'Pinged');
    await bus.publish('test', ping(1));
    await bus.publish('test', createEvent(Ponged, { n: 99 }));
    await bus.publish('test', ping(2));
    await eventually(() => expect(seen).toEqual([1, 2]));
  });

  it('delivers the whole envelope unchanged', async () => {
    const received: EventEnvelope[] = [];
    await bus.consume({
      stream: 'test',
      durable: 'envelopes',
      types: ['Pinged'],
      handler: async (event) => {
        received.push(event);
      },
    });
    const event = ping(7);
    await bus.publish('test', event);
    await eventually(() => expect(received).toEqual([event]));
  });

  it('redelivers an event after its handler throws, until it succeeds', async () => {
    let attempts = 0;
    const done: number[] = [];
    await bus.consume({
      stream: 'test',
      durable: 'flaky',
      types: ['Pinged'],
      backoffMs: [10],
      handler: async (event) => {
        attempts++;
        if (attempts < 3) throw new Error('transient failure');
        done.push((event.data as { n: number }).n);
      },
    });
    await bus.publish('test', ping(1));
    await eventually(() => expect(done).toEqual([1]));
    expect(attempts).toBe(3);
  });

  it('drops a republished event with the same id', async () => {
    const seen: string[] = [];
    await bus.consume({
      stream: 'test',
      durable: 'dedupe',
      types: ['Pinged'],
      handler: async (event) => {
        seen.push(event.id);
      },
    });
    const event = ping(1);
    const last = ping(2);
    await bus.publish('test', event);
    await bus.publish('test', event);
    await bus.publish('test', last);
    // Delivered in order: once the last event is in, a duplicate before it would be too.
    await eventually(() => expect(seen).toContain(last.id));
    expect(seen.filter((id) => id === event.id)).toHaveLength(1);
  });

  it('gives every durable consumer its own copy of each event', async () => {
    const billing = await consumeNumbers(bus, 'billing', 'Pinged');
    const moderation = await consumeNumbers(bus, 'moderation', 'Pinged');
    await bus.publish('test', ping(1));
    await eventually(() => {
      expect(billing.seen).toEqual([1]);
      expect(moderation.seen).toEqual([1]);
    });
  });

  it('resumes a durable consumer where it stopped, after a restart', async () => {
    const before = await consumeNumbers(bus, 'resumer', 'Pinged');
    await bus.publish('test', ping(1));
    await eventually(() => expect(before.seen).toEqual([1]));
    await before.subscription.stop();

    await bus.publish('test', ping(2));
    await bus.publish('test', ping(3));

    const restarted = await harness.reconnect();
    const after = await consumeNumbers(restarted, 'resumer', 'Pinged');
    await eventually(() => expect(after.seen).toEqual([2, 3]));
  });

  it('dead-letters an event that keeps failing and goes on with the next', async () => {
    const handled: number[] = [];
    await bus.consume({
      stream: 'test',
      durable: 'poisoned',
      types: ['Pinged'],
      maxDeliver: 3,
      backoffMs: [10],
      handler: async (event) => {
        const { n } = event.data as { n: number };
        if (n === 13) throw new Error('cannot handle 13');
        handled.push(n);
      },
    });
    const poison = ping(13);
    await bus.publish('test', poison);
    await bus.publish('test', ping(14));
    await eventually(() => expect(handled).toEqual([14]));
    const letters = await eventually(async () => {
      const found = await bus.deadLetters('test', 'poisoned');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(letters[0]).toMatchObject({
      durable: 'poisoned',
      error: 'cannot handle 13',
      deliveries: 3,
      event: { id: poison.id },
    });
  });

  it('lets a watcher replay recent events and follow new ones', async () => {
    await bus.publish('test', ping(1));
    const seen: number[] = [];
    const watcher = await bus.watch({
      stream: 'test',
      types: ['Pinged'],
      since: new Date(Date.now() - 60_000),
      handler: async (event) => {
        seen.push((event.data as { n: number }).n);
      },
    });
    await bus.publish('test', ping(2));
    await eventually(() => expect(seen).toEqual([1, 2]));
    await watcher.stop();
  });

  it('answers a request through a replier and reports failures as RequestError', async () => {
    // The subjects overlap the 'test' stream's namespace; the stream must not swallow them.
    await bus.publish('test', ping(0));
    await bus.reply('test.double', async (payload) => ({
      doubled: (payload as { n: number }).n * 2,
    }));
    await expect(bus.request('test.double', { n: 21 })).resolves.toEqual({ doubled: 42 });

    await bus.reply('test.fail', async () => {
      throw new Error('no credit');
    });
    await expect(bus.request('test.fail', {})).rejects.toMatchObject({
      code: 'handler_failed',
      message: 'no credit',
    });
    const missing = (await bus
      .request('test.nobody', {}, 500)
      .catch((error) => error)) as RequestError;
    expect(missing).toBeInstanceOf(RequestError);
    expect(['no_responders', 'timeout']).toContain(missing.code);
  });

  it('reports ready while connected', async () => {
    await expect(bus.ready()).resolves.toBe(true);
  });
});
