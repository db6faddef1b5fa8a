import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, defineEvent } from '@uapqa/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryEventBus } from '../src/bus/memory.js';
import { eventually } from '../src/testing/index.js';
import { consumeNumbers } from './fixtures/consume-numbers.js';

const Noted = defineEvent('test', 'Noted', 1, z.object({ n: z.number() }));

describe('in-process bus kept in a folder (embedded mode across restarts)', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'bus-files-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('delivers after a restart what a durable consumer had not acknowledged, and only that', async () => {
    const before = new MemoryEventBus({ directory });
    const { seen } = await consumeNumbers(before, 'reader', 'Noted');
    const first = createEvent(Noted, { n: 1 });
    await before.publish('test', first);
    await eventually(() => expect(seen).toEqual([1]));
    await before.close();

    // Published while the consumer is down (e.g. by a relay that ran before the crash).
    const offline = new MemoryEventBus({ directory });
    await offline.publish('test', createEvent(Noted, { n: 2 }));
    await offline.close();

    const after = new MemoryEventBus({ directory });
    const { seen: resumed } = await consumeNumbers(after, 'reader', 'Noted');
    await after.publish('test', first); // a republished id stays a duplicate after the restart
    // Delivered in order: once an event published after the duplicate is in, it would be too.
    await after.publish('test', createEvent(Noted, { n: 3 }));
    await eventually(() => expect(resumed).toContain(3));
    expect(resumed).toEqual([2, 3]);
    await after.close();
  });
});
