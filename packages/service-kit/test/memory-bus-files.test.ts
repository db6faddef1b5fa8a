import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, defineEvent } from '@uapqa/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryEventBus } from '../src/bus/memory.js';
import { eventually } from '../src/testing/index.js';

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
    const seen: number[] = [];
    await before.consume({
      stream: 'test',
      durable: 'reader',
      types: ['Noted'],
      handler: async (event) => {
        seen.push((event.data as { n: number }).n);
      },
    });
    const first = createEvent(Noted, { n: 1 });
    await before.publish('test', first);
    await eventually(() => expect(seen).toEqual([1]));
    await before.close();

    // Published while the consumer is down (e.g. by a relay that ran before the crash).
    const offline = new MemoryEventBus({ directory });
    await offline.publish('test', createEvent(Noted, { n: 2 }));
    await offline.close();

    const after = new MemoryEventBus({ directory });
    const resumed: number[] = [];
    await after.consume({
      stream: 'test',
      durable: 'reader',
      types: ['Noted'],
      handler: async (event) => {
        resumed.push((event.data as { n: number }).n);
      },
    });
    await after.publish('test', first); // a republished id stays a duplicate after the restart
    await eventually(() => expect(resumed).toEqual([2]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed).toEqual([2]);
    await after.close();
  });
});
