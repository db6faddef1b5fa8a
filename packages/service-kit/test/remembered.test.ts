import { describe, expect, it } from 'vitest';
import { remembered } from '../src/remembered.js';

/** A read of a value that can change, counting its reads; each read takes `delayMs`. */
function source(delayMs = 0) {
  const state = { value: 1, reads: 0 };
  const read = async (key: string) => {
    state.reads++;
    const value = state.value;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return `${key}:${value}`;
  };
  return { state, read };
}

describe('remembered reads', () => {
  it('answers equal reads from one read, until changed() says the source changed', async () => {
    const { state, read } = source(5);
    const list = remembered(read, (key: string) => key, { ttlMs: 60_000, max: 4 });
    expect(await Promise.all([list.get('a'), list.get('a'), list.get('a')])).toEqual([
      'a:1',
      'a:1',
      'a:1',
    ]);
    expect(await list.get('a')).toBe('a:1');
    expect(state.reads).toBe(1);

    state.value = 2;
    expect(await list.get('a')).toBe('a:1');
    list.changed();
    expect(await list.get('a')).toBe('a:2');
    expect(state.reads).toBe(2);
  });

  it('never serves a read that began before changed() to a caller after it', async () => {
    const { state, read } = source(20);
    const list = remembered(read, (key: string) => key, { ttlMs: 60_000, max: 4 });
    const before = list.get('a');
    state.value = 2;
    list.changed();
    expect(await list.get('a')).toBe('a:2');
    expect(await before).toBe('a:1');
  });

  it('answers every caller of a read in flight, however many changes push its key out', async () => {
    const { state, read } = source(20);
    const list = remembered(read, (key: string) => key, { ttlMs: 60_000, max: 1 });
    const waiting = [list.get('a'), list.get('a')];
    for (let change = 2; change <= 4; change++) {
      state.value = change;
      list.changed();
      waiting.push(list.get('a'));
    }
    expect(await Promise.all(waiting)).toEqual(['a:1', 'a:1', 'a:2', 'a:3', 'a:4']);
    expect(await list.get('a')).toBe('a:4');
  });

  it('serves again only the results `keep` accepts', async () => {
    const { state, read } = source();
    const list = remembered(read, (key: string) => key, {
      ttlMs: 60_000,
      keep: (value) => !value.endsWith(':1'),
    });
    expect(await list.get('a')).toBe('a:1');
    state.value = 2;
    expect(await list.get('a')).toBe('a:2');
    state.value = 3;
    expect(await list.get('a')).toBe('a:2');
    expect(state.reads).toBe(2);
  });

  it('reads every time with a ttl of 0', async () => {
    const { state, read } = source();
    const list = remembered(read, (key: string) => key, { ttlMs: 0 });
    await list.get('a');
    await list.get('a');
    expect(state.reads).toBe(2);
  });
});
