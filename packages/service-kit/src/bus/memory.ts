import type { EventEnvelope } from '@uapqa/contracts';
import { busMetrics } from '../metrics/bus.js';
import { BusFiles } from './memory-files.js';
import { MemoryStream } from './memory-stream.js';
import {
  backoffFor,
  type ConsumeOptions,
  DEFAULT_MAX_DELIVER,
  type DeadLetter,
  type EventBus,
  RequestError,
  type RequestHandler,
  type Subscription,
  type WatchOptions,
} from './types.js';

/** A durable consumer's position survives its subscriptions, like a JetStream durable. */
interface DurableState {
  cursor: number;
  attempts: number;
  active: Subscription | null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The embedded bus: same delivery rules as the JetStream one within one process. With a
 * `directory` it also keeps its events and consumer positions across restarts.
 */
export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private streams = new Map<string, MemoryStream>();
  private durables = new Map<string, DurableState>();
  private readonly files: BusFiles | undefined;
  private readonly savedCursors: Record<string, number>;
  private responders = new Map<string, { handlers: RequestHandler[]; turn: number }>();
  private dead: DeadLetter[] = [];
  private closed = false;

  constructor(options: { directory?: string } = {}) {
    this.files = options.directory ? new BusFiles(options.directory) : undefined;
    this.savedCursors = this.files?.loadCursors() ?? {};
    for (const { stream, event, publishedAt } of this.files?.loadEvents() ?? []) {
      this.stream(stream).append(event, publishedAt);
    }
  }

  private stream(name: string): MemoryStream {
    let stream = this.streams.get(name);
    if (!stream) {
      stream = new MemoryStream();
      this.streams.set(name, stream);
    }
    return stream;
  }

  async publish(stream: string, event: EventEnvelope): Promise<void> {
    if (this.closed) {
      busMetrics.published(stream, event.type, 'error');
      throw new Error('event bus is closed');
    }
    const stored = this.stream(stream).append(event);
    if (stored) this.files?.appendEvent(stream, stored);
    busMetrics.published(stream, event.type, stored ? 'ok' : 'duplicate');
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    const key = `${options.stream}/${options.durable}`;
    let state = this.durables.get(key);
    if (!state) {
      state = { cursor: this.savedCursors[key] ?? 0, attempts: 0, active: null };
      this.durables.set(key, state);
    }
    if (state.active) await state.active.stop(); // one delivery loop per durable, like one pull
    const controller = new AbortController();
    const loop = this.runConsumer(options, state, controller.signal, () =>
      this.saveCursor(key, state),
    );
    const subscription: Subscription = {
      stop: async () => {
        controller.abort();
        await loop;
        if (state.active === subscription) state.active = null;
      },
    };
    state.active = subscription;
    return subscription;
  }

  private async runConsumer(
    options: ConsumeOptions,
    state: DurableState,
    signal: AbortSignal,
    acknowledged: () => void,
  ): Promise<void> {
    const stream = this.stream(options.stream);
    const types = new Set(options.types);
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    while (!signal.aborted) {
      while (state.cursor < stream.log.length && !types.has(stream.log[state.cursor]!.event.type)) {
        state.cursor++;
      }
      const stored = stream.log[state.cursor];
      if (!stored) {
        await stream.next(signal);
        continue;
      }
      state.attempts++;
      try {
        await options.handler(stored.event);
        if (signal.aborted) return; // stopped mid-handler: unacked, so redelivered on resume
        busMetrics.delivered(
          options.stream,
          options.durable,
          stored.event.type,
          state.attempts,
          'ack',
        );
        state.cursor++;
        state.attempts = 0;
        acknowledged();
      } catch (error) {
        if (signal.aborted) return;
        const outcome = state.attempts >= maxDeliver ? 'dead_letter' : 'retry';
        busMetrics.delivered(
          options.stream,
          options.durable,
          stored.event.type,
          state.attempts,
          outcome,
        );
        if (outcome === 'dead_letter') {
          this.dead.push({
            stream: options.stream,
            durable: options.durable,
            event: stored.event,
            error: error instanceof Error ? error.message : String(error),
            deliveries: state.attempts,
          });
          state.cursor++;
          state.attempts = 0;
          acknowledged();
        } else {
          await sleep(backoffFor(state.attempts, options.backoffMs), signal);
        }
      }
    }
  }

  private saveCursor(key: string, state: DurableState): void {
    if (!this.files) return;
    this.savedCursors[key] = state.cursor;
    this.files.saveCursors(this.savedCursors);
  }

  async watch(options: WatchOptions): Promise<Subscription> {
    const stream = this.stream(options.stream);
    const types = new Set(options.types);
    const since = options.since?.getTime();
    let cursor = since === undefined ? stream.log.length : 0;
    const controller = new AbortController();
    const signal = controller.signal;
    const loop = (async () => {
      while (!signal.aborted) {
        const stored = stream.log[cursor];
        if (!stored) {
          await stream.next(signal);
          continue;
        }
        cursor++;
        if (!types.has(stored.event.type)) continue;
        if (since !== undefined && stored.publishedAt < since) continue;
        // A watcher is a best-effort follower: its handler's failures are its own to report.
        await options.handler(stored.event).catch(() => {});
      }
    })();
    return {
      stop: async () => {
        controller.abort();
        await loop;
      },
    };
  }

  async request<T>(subject: string, payload: unknown, timeoutMs = 5000): Promise<T> {
    const entry = this.responders.get(subject);
    if (!entry || entry.handlers.length === 0) {
      throw new RequestError('no_responders', `no service answers ${subject}`);
    }
    const handler = entry.handlers[entry.turn++ % entry.handlers.length]!;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RequestError('timeout', `${subject} did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const answer = handler(JSON.parse(JSON.stringify(payload ?? null))).catch((error) => {
      throw new RequestError(
        'handler_failed',
        error instanceof Error ? error.message : `${subject} failed`,
      );
    });
    try {
      const result = await Promise.race([answer, timeout]);
      return JSON.parse(JSON.stringify(result ?? null)) as T;
    } finally {
      clearTimeout(timer);
    }
  }

  async reply(subject: string, handler: RequestHandler): Promise<Subscription> {
    let entry = this.responders.get(subject);
    if (!entry) {
      entry = { handlers: [], turn: 0 };
      this.responders.set(subject, entry);
    }
    entry.handlers.push(handler);
    const handlers = entry.handlers;
    return {
      stop: async () => {
        const index = handlers.indexOf(handler);
        if (index >= 0) handlers.splice(index, 1);
      },
    };
  }

  async deadLetters(stream: string, durable: string): Promise<DeadLetter[]> {
    return this.dead.filter((d) => d.stream === stream && d.durable === durable);
  }

  async ready(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.durables.values()) await state.active?.stop();
    this.responders.clear();
  }
}
