import { LRUCache } from 'lru-cache';

/** Reads whose results are remembered, and forgotten at once when what they read changes. */
export interface Remembered<A, V> {
  /** `read(arg)`'s result, from memory when an equal read (same key) was made recently. */
  get(arg: A): Promise<V>;
  /**
   * A write that changes what `read` returns has committed: nothing read before it (a read in
   * flight included) is served again.
   */
  changed(): void;
}

export interface RememberedOptions<V> {
  /** How long a result is served from memory; 0 reads every time. */
  ttlMs: number;
  /** How many results are kept (least recently used out first). */
  max?: number;
  /** Or: the total size results may take, each counted by `sizeOf`. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /**
   * Whether a result may be served again (default: every one). A result that may not is still
   * the answer of the callers whose read made it, and of those that shared that read.
   */
  keep?: (value: V) => boolean;
  /** Where `ttlMs` is measured (default: `performance.now()`); tests pass a clock they move. */
  clock?: { now(): number };
}

/**
 * Remembers `read`'s results by `keyOf(arg)` for `ttlMs`, on `lru-cache`; callers asking for the
 * same key at once share one read. `changed()` starts a new generation of keys, so a process
 * serves its own writes at once: a read that began before the write keeps the old generation's
 * key and is never served after it. Writes made elsewhere (another replica) show within `ttlMs`,
 * or at once where the caller follows them on the bus and calls `changed()`.
 */
export function remembered<A, V extends {}>(
  read: (arg: A) => Promise<V>,
  keyOf: (arg: A) => string,
  options: RememberedOptions<V>,
): Remembered<A, V> {
  if (options.ttlMs <= 0) return { get: read, changed: () => {} };
  let generation = 0;
  // The argument travels wrapped: lru-cache types a bare generic context as no context at all.
  const results = new LRUCache<string, V, { arg: A }>({
    ttl: options.ttlMs,
    // A clock of its own is read at every check (lru-cache otherwise reuses a reading for 1 ms).
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    ...(options.maxSize
      ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf ?? (() => 1) }
      : { max: options.max ?? 100 }),
    fetchMethod: (_key, _stale, { context }) => read(context.arg),
    // A read still in flight when newer keys push its key out (after `changed()`) still answers
    // the callers waiting on it, instead of failing them with "evicted".
    ignoreFetchAbort: true,
  });
  return {
    async get(arg) {
      const key = `${generation}:${keyOf(arg)}`;
      const value = await results.fetch(key, { context: { arg } });
      // fetch() resolves undefined only when a fetch is aborted, which nothing here does.
      if (value === undefined) return read(arg);
      if (options.keep && !options.keep(value) && results.peek(key) === value) results.delete(key);
      return value;
    },
    changed() {
      generation++;
    },
  };
}
