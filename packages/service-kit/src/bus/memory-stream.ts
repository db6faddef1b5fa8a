import type { EventEnvelope } from '@uapqa/contracts';

export interface StoredEvent {
  event: EventEnvelope;
  publishedAt: number;
}

/** One stream of the in-process bus: its events in order, and who waits for the next one. */
export class MemoryStream {
  readonly log: StoredEvent[] = [];
  readonly ids = new Set<string>();
  private waiters = new Set<() => void>();

  /** Returns the stored copy, or null when the id was already there. */
  append(event: EventEnvelope, publishedAt = Date.now()): StoredEvent | null {
    if (this.ids.has(event.id)) return null; // same rule as Nats-Msg-Id: a republished id is dropped
    this.ids.add(event.id);
    // A copy through JSON, as over the wire: no handler shares an object with the publisher.
    const stored = { event: JSON.parse(JSON.stringify(event)) as EventEnvelope, publishedAt };
    this.log.push(stored);
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
    return stored;
  }

  /** Resolves when something is appended or the signal aborts. */
  next(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const wake = () => {
        signal.removeEventListener('abort', wake);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}
