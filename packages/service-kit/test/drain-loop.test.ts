import { describe, expect, it } from 'vitest';
import { DrainLoop } from '../src/drain-loop.js';
import { eventually } from '../src/testing/index.js';

/** A queue drained by a loop; each pass takes up to `batch` items and says how many it took. */
function drained(batchSize: number | undefined, onPass: (taken: number) => void = () => {}) {
  const queue: number[] = [];
  const passes: number[] = [];
  const loop = new DrainLoop(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const taken = queue.splice(0, batchSize ?? 2).length;
      passes.push(taken);
      onPass(taken);
      return taken;
    },
    { pollIntervalMs: 60_000, failureMessage: 'pass failed', ...(batchSize ? { batchSize } : {}) },
  );
  return { queue, passes, loop };
}

describe('DrainLoop', () => {
  it('without a batch size, drains until a pass finds nothing', async () => {
    const { queue, passes, loop } = drained(undefined);
    queue.push(1, 2, 3, 4, 5);
    loop.start();
    await eventually(() => expect(passes).toEqual([2, 2, 1, 0]));
    await loop.stop();
  });

  it('with a batch size, stops after a pass short of a full batch: no empty pass', async () => {
    const { queue, passes, loop } = drained(2);
    queue.push(1, 2, 3, 4, 5);
    loop.start();
    await eventually(() => expect(passes).toEqual([2, 2, 1]));
    // Stopping waits for a pass under way: an empty pass after the short one would be counted.
    await loop.stop();
    expect(passes).toEqual([2, 2, 1]);
  });

  it('drains work kicked while a short pass runs', async () => {
    let state: ReturnType<typeof drained> | undefined;
    const kickedDuringPass = () => {
      if (state!.passes.length === 1) {
        state!.queue.push(9);
        state!.loop.kick();
      }
    };
    state = drained(2, kickedDuringPass);
    state.queue.push(1);
    state.loop.start();
    await eventually(() => expect(state!.passes).toEqual([1, 1]));
    expect(state.queue).toEqual([]);
    await state.loop.stop();
  });
});
