import {
  AckPolicy,
  type Consumer,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import {
  connect,
  type NatsConnection,
  RequestError as NatsRequestError,
  nanos,
  TimeoutError,
} from '@nats-io/transport-node';
import type { EventEnvelope } from '@uapqa/contracts';
import { busMetrics } from '../metrics/bus.js';
import {
  backoffFor,
  type ConsumeOptions,
  DEFAULT_MAX_DELIVER,
  type DeadLetter,
  deadLetterSubject,
  type EventBus,
  eventSubject,
  RequestError,
  type RequestHandler,
  type Subscription,
  type WatchOptions,
} from './types.js';

const DEADLETTER_STREAM = 'DEADLETTER';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NatsBusOptions {
  url: string;
  /** Connection name shown by the server's monitoring (the service name). */
  name: string;
  /** Prefix for stream names, so test runs never touch each other's streams. */
  streamPrefix?: string;
  /** Copies of each stream this bus creates; an existing stream with fewer is raised to it. */
  streamReplicas?: number;
  logger?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

interface ReplyEnvelope {
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** The distributed bus: one JetStream stream per owning service, durable pull consumers. */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly ensured = new Map<string, Promise<void>>();
  private readonly stops = new Set<Subscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {}

  static async connect(options: NatsBusOptions): Promise<NatsEventBus> {
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      waitOnFirstConnect: true,
    });
    const jsm = await jetstreamManager(nc);
    return new NatsEventBus(nc, jetstream(nc), jsm, options);
  }

  streamName(stream: string): string {
    return `${this.options.streamPrefix ?? ''}${stream}`.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
  }

  /**
   * Requests travel under `rpc.`: a subject like `billing.credits.reserve` would otherwise fall
   * inside the `billing.>` stream, and JetStream would answer it with a publish ack. They carry
   * the prefix too, so isolated runs never answer each other.
   */
  private requestSubject(subject: string): string {
    return `${this.options.streamPrefix ?? ''}rpc.${subject}`;
  }

  private subject(stream: string, type: string): string {
    return `${this.options.streamPrefix ?? ''}${eventSubject(stream, type)}`;
  }

  /**
   * One type filters on its subject; several filter on the whole stream and the loop skips the
   * rest, because multi-subject filters need nats-server 2.10 and Debian ships 2.9.
   */
  private filterFor(stream: string, types: string[]): string {
    return types.length === 1
      ? this.subject(stream, types[0]!)
      : `${this.options.streamPrefix ?? ''}${stream}.>`;
  }

  private ensureStream(name: string, subjects: string[]): Promise<void> {
    let pending = this.ensured.get(name);
    if (!pending) {
      pending = (async () => {
        const replicas = this.options.streamReplicas ?? 1;
        let existing: Awaited<ReturnType<typeof this.jsm.streams.info>> | undefined;
        try {
          existing = await this.jsm.streams.info(name);
        } catch {
          await this.jsm.streams.add({
            name,
            subjects,
            storage: StorageType.File,
            retention: RetentionPolicy.Limits,
            max_age: nanos(30 * DAY_MS),
            duplicate_window: nanos(2 * 60 * 1000),
            num_replicas: replicas,
          });
          return;
        }
        if (existing.config.num_replicas < replicas) {
          await this.jsm.streams.update(name, { ...existing.config, num_replicas: replicas });
        }
      })();
      pending.catch(() => this.ensured.delete(name));
      this.ensured.set(name, pending);
    }
    return pending;
  }

  private ensureEventStream(stream: string): Promise<void> {
    return this.ensureStream(this.streamName(stream), [
      `${this.options.streamPrefix ?? ''}${stream}.>`,
    ]);
  }

  private ensureDeadLetterStream(): Promise<void> {
    const prefix = this.options.streamPrefix ?? '';
    return this.ensureStream(this.streamName(DEADLETTER_STREAM), [`${prefix}deadletter.>`]);
  }

  async publish(stream: string, event: EventEnvelope): Promise<void> {
    let ack: Awaited<ReturnType<JetStreamClient['publish']>>;
    try {
      await this.ensureEventStream(stream);
      // The event id is the message id: JetStream drops a republish inside the duplicate window.
      ack = await this.js.publish(this.subject(stream, event.type), JSON.stringify(event), {
        msgID: event.id,
      });
    } catch (error) {
      busMetrics.published(stream, event.type, 'error');
      throw error;
    }
    busMetrics.published(stream, event.type, ack.duplicate ? 'duplicate' : 'ok');
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    await this.ensureEventStream(options.stream);
    const streamName = this.streamName(options.stream);
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.filterFor(options.stream, options.types),
      ack_wait: nanos(30_000),
      max_ack_pending: 256,
    };
    try {
      await this.jsm.consumers.info(streamName, options.durable);
      // Re-adding a durable with another config fails: update its filter in place.
      await this.jsm.consumers.update(streamName, options.durable, {
        filter_subject: config.filter_subject,
        ack_wait: config.ack_wait,
        max_ack_pending: config.max_ack_pending,
      });
    } catch {
      await this.jsm.consumers.add(streamName, config);
    }
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const wanted = new Set(options.types);
    let stopping = false;
    let current: Awaited<ReturnType<Consumer['consume']>> | undefined;
    const handle = async (message: JsMsg) => {
      let event: EventEnvelope;
      try {
        event = JSON.parse(message.string()) as EventEnvelope;
      } catch {
        message.term('malformed event');
        return;
      }
      if (!wanted.has(event.type)) {
        message.ack();
        return;
      }
      const deliveries = message.info.deliveryCount;
      try {
        await options.handler(event);
        message.ack();
        busMetrics.delivered(options.stream, options.durable, event.type, deliveries, 'ack');
      } catch (error) {
        const outcome = deliveries >= maxDeliver ? 'dead_letter' : 'retry';
        busMetrics.delivered(options.stream, options.durable, event.type, deliveries, outcome);
        if (outcome === 'dead_letter') {
          await this.deadLetter({
            stream: options.stream,
            durable: options.durable,
            event,
            error: error instanceof Error ? error.message : String(error),
            deliveries,
          }).catch((cause) => this.options.logger?.error({ err: cause }, 'dead-letter failed'));
          message.term('dead-lettered');
        } else {
          message.nak(backoffFor(deliveries, options.backoffMs));
        }
      }
    };
    /**
     * The pull loop outlives the server: when its iteration ends without a stop (a JetStream
     * restart can end it while the stream is still recovering), it starts again, so a consumer
     * never goes quiet while its service still reports ready.
     */
    const loop = (async () => {
      while (!stopping) {
        try {
          const consumer = await this.js.consumers.get(streamName, options.durable);
          current = await consumer.consume({ max_messages: 64 });
          if (stopping) break;
          for await (const message of current) {
            if (stopping) break; // unacked: the server redelivers it after a restart
            await handle(message);
          }
        } catch (error) {
          if (!stopping) this.options.logger?.warn({ err: error }, 'consumer interrupted');
        }
        if (!stopping) {
          this.options.logger?.warn({ durable: options.durable }, 'consumer restarting');
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    })();
    const subscription: Subscription = {
      stop: async () => {
        stopping = true;
        await current?.close();
        await loop;
        this.stops.delete(subscription);
      },
    };
    this.stops.add(subscription);
    return subscription;
  }

  private async deadLetter(letter: DeadLetter): Promise<void> {
    await this.ensureDeadLetterStream();
    const prefix = this.options.streamPrefix ?? '';
    await this.js.publish(
      `${prefix}${deadLetterSubject(letter.stream, letter.durable)}`,
      JSON.stringify(letter),
      { msgID: `${letter.durable}:${letter.event.id}` },
    );
  }

  async deadLetters(stream: string, durable: string): Promise<DeadLetter[]> {
    await this.ensureDeadLetterStream();
    const subject = `${this.options.streamPrefix ?? ''}${deadLetterSubject(stream, durable)}`;
    const name = this.streamName(DEADLETTER_STREAM);
    const info = await this.jsm.streams.info(name, { subjects_filter: subject });
    const count = info.state.subjects?.[subject] ?? 0;
    if (count === 0) return [];
    const consumer = await this.js.consumers.get(name, { filter_subjects: subject });
    const letters: DeadLetter[] = [];
    const batch = await consumer.fetch({ max_messages: count, expires: 2000 });
    for await (const message of batch) {
      letters.push(JSON.parse(message.string()) as DeadLetter);
      if (letters.length >= count) break;
    }
    return letters;
  }

  async watch(options: WatchOptions): Promise<Subscription> {
    await this.ensureEventStream(options.stream);
    const consumer = await this.js.consumers.get(this.streamName(options.stream), {
      filter_subjects: this.filterFor(options.stream, options.types),
      ...(options.since
        ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: options.since.toISOString() }
        : { deliver_policy: DeliverPolicy.New }),
    });
    const messages = await consumer.consume();
    const wanted = new Set(options.types);
    const loop = (async () => {
      for await (const message of messages) {
        try {
          const event = JSON.parse(message.string()) as EventEnvelope;
          if (wanted.has(event.type)) await options.handler(event);
        } catch (error) {
          this.options.logger?.warn({ err: error }, 'watch handler failed');
        }
      }
    })();
    const subscription: Subscription = {
      stop: async () => {
        await messages.close();
        await loop;
        this.stops.delete(subscription);
      },
    };
    this.stops.add(subscription);
    return subscription;
  }

  async request<T>(subject: string, payload: unknown, timeoutMs = 5000): Promise<T> {
    let reply: ReplyEnvelope;
    try {
      const message = await this.nc.request(
        this.requestSubject(subject),
        JSON.stringify(payload ?? null),
        {
          timeout: timeoutMs,
        },
      );
      reply = message.json<ReplyEnvelope>();
    } catch (error) {
      if (error instanceof NatsRequestError && error.isNoResponders()) {
        throw new RequestError('no_responders', `no service answers ${subject}`);
      }
      if (error instanceof TimeoutError || (error as Error)?.name === 'TimeoutError') {
        throw new RequestError('timeout', `${subject} did not answer in ${timeoutMs} ms`);
      }
      throw error;
    }
    if (!reply.ok) throw new RequestError('handler_failed', reply.error ?? `${subject} failed`);
    return reply.result as T;
  }

  async reply(subject: string, handler: RequestHandler): Promise<Subscription> {
    const subscription = this.nc.subscribe(this.requestSubject(subject), {
      queue: subject,
      callback: (error, message) => {
        if (error) return;
        void (async () => {
          let answer: ReplyEnvelope;
          try {
            answer = { ok: true, result: await handler(message.json()) };
          } catch (cause) {
            answer = { ok: false, error: cause instanceof Error ? cause.message : String(cause) };
          }
          message.respond(JSON.stringify(answer));
        })();
      },
    });
    const stop: Subscription = {
      stop: async () => {
        await subscription.drain();
        this.stops.delete(stop);
      },
    };
    this.stops.add(stop);
    return stop;
  }

  async ready(): Promise<boolean> {
    if (this.nc.isClosed()) return false;
    const timeout = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), 1000).unref(),
    );
    const flushed = this.nc.flush().then(
      () => true,
      () => false,
    );
    return Promise.race([flushed, timeout]);
  }

  /** Test and operator helper: removes this bus's streams (used with a unique streamPrefix). */
  async deleteStreams(streams: string[]): Promise<void> {
    for (const stream of [...streams, DEADLETTER_STREAM]) {
      await this.jsm.streams.delete(this.streamName(stream)).catch(() => false);
    }
  }

  async close(): Promise<void> {
    for (const subscription of [...this.stops]) await subscription.stop().catch(() => {});
    await this.nc.drain().catch(() => this.nc.close());
  }
}
