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
    ...(options.maxSize
      ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf ?? (() => 1) }
      : { max: options.max ?? 100 }),
    fetchMethod: (_key, _stale, { context }) => read(context.arg),
  });
  return {
    async get(arg) {
      const value = await results.fetch(`${generation}:${keyOf(arg)}`, { context: { arg } });
      // fetch() resolves undefined only when a fetch is aborted, which nothing here does.
      return value ?? read(arg);
    },
    changed() {
      generation++;
    },
  };
}
