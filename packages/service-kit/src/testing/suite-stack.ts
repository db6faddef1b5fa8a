import { afterAll, beforeAll } from 'vitest';

/**
 * What a suite runs against (a stack, an event recorder...), started before its tests and
 * stopped after them. The object it returns is filled once the suite starts: read it in tests
 * and hooks, not while declaring. `start` returns a plain object (its own properties, getters
 * included, are what is filled). Kept out of `./testing`'s index, which scripts outside vitest
 * (load tests, benches) import.
 */
export function stackForSuite<T extends { stop(): Promise<void> }>(start: () => Promise<T>): T {
  const stack = {} as T;
  beforeAll(async () => {
    Object.defineProperties(stack, Object.getOwnPropertyDescriptors(await start()));
  });
  afterAll(async () => {
    // When the start failed there is nothing to stop, and its error is the one to see.
    if (typeof stack.stop === 'function') await stack.stop();
  });
  return stack;
}
