import type { EventEnvelope } from '@uapqa/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface ConsumeOptions {
  /** The owning service whose stream carries the events (e.g. 'identity'). */
  stream: string;
  /** The consuming service: one durable position per name, shared by its replicas. */
  durable: string;
  /** Event types to receive; others on the stream are skipped. */
  types: string[];
  handler: EventHandler;
  /** Deliveries before an event is dead-lettered instead of blocking the consumer. */
  maxDeliver?: number;
  /** Redelivery delays after a failed attempt, by attempt number; the last one repeats. */
  backoffMs?: number[];
}

export interface WatchOptions {
  stream: string;
  types: string[];
  handler: EventHandler;
  /** Replay events from this instant, then follow live ones. Every watcher sees every event. */
  since?: Date;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface DeadLetter {
  stream: string;
  durable: string;
  event: EventEnvelope;
  error: string;
  deliveries: number;
}

export type RequestHandler = (payload: unknown) => Promise<unknown>;

export class RequestError extends Error {
  constructor(
    readonly code: 'no_responders' | 'timeout' | 'handler_failed',
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * Services talk only through this. Two implementations, JetStream and in-process, pass one
 * contract suite: durable per consumer, at-least-once, redelivery with backoff after a handler
 * throws, dedupe of a republished event id, dead-letter after maxDeliver.
 */
export interface EventBus {
  readonly kind: 'nats' | 'memory';
  publish(stream: string, event: EventEnvelope): Promise<void>;
  consume(options: ConsumeOptions): Promise<Subscription>;
  watch(options: WatchOptions): Promise<Subscription>;
  /** The one synchronous call between services: request/reply with a timeout. */
  request<T = unknown>(subject: string, payload: unknown, timeoutMs?: number): Promise<T>;
  reply(subject: string, handler: RequestHandler): Promise<Subscription>;
  /** Dead letters of a consumer, oldest first, for inspection and replay. */
  deadLetters(stream: string, durable: string): Promise<DeadLetter[]>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_DELIVER = 8;
export const DEFAULT_BACKOFF_MS = [50, 250, 1000, 5000, 15000];

export function backoffFor(attempt: number, backoffMs: number[] = DEFAULT_BACKOFF_MS): number {
  return backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 1000;
}

export const eventSubject = (stream: string, type: string) => `${stream}.${type}`;
export const deadLetterSubject = (stream: string, durable: string) =>
  `deadletter.${stream}.${durable}`;
