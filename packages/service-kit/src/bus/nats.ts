import {
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@uapqa/contracts';
import { busMetrics } from '../metrics/bus.js';
import { consumeDurable, type NatsBusLogger } from './nats-consumer.js';
import { answerRequests, sendRequest } from './nats-requests.js';
import { DEADLETTER_STREAM, NatsStreams } from './nats-streams.js';
import type {
  ConsumeOptions,
  DeadLetter,
  EventBus,
  RequestHandler,
  Subscription,
  WatchOptions,
} from './types.js';

export interface NatsBusOptions {
  url: string;
  /** Connection name shown by the server's monitoring (the service name). */
  name: string;
  /** Prefix for stream names, so test runs never touch each other's streams. */
  streamPrefix?: string;
  /** Copies of each stream this bus creates; an existing stream with fewer is raised to it. */
  streamReplicas?: number;
  logger?: NatsBusLogger;
}

/** The distributed bus: one JetStream stream per owning service, durable pull consumers. */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly stops = new Set<Subscription>();
  private readonly streams: NatsStreams;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {
    this.streams = new NatsStreams(jsm, options.streamPrefix ?? '', options.streamReplicas ?? 1);
  }

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
    return this.streams.name(stream);
  }

  async publish(stream: string, event: EventEnvelope): Promise<void> {
    let ack: Awaited<ReturnType<JetStreamClient['publish']>>;
    try {
      await this.streams.ensureEvents(stream);
      // The event id is the message id: JetStream drops a republish inside the duplicate window.
      ack = await this.js.publish(this.streams.subject(stream, event.type), JSON.stringify(event), {
        msgID: event.id,
      });
    } catch (error) {
      busMetrics.published(stream, event.type, 'error');
      throw error;
    }
    busMetrics.published(stream, event.type, ack.duplicate ? 'duplicate' : 'ok');
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    const consumer = await consumeDurable(
      {
        js: this.js,
        jsm: this.jsm,
        streams: this.streams,
        deadLetter: (letter) => this.deadLetter(letter),
        logger: this.options.logger,
      },
      options,
    );
    return this.track(() => consumer.stop());
  }

  private async deadLetter(letter: DeadLetter): Promise<void> {
    await this.streams.ensureDeadLetters();
    await this.js.publish(
      this.streams.deadLetterSubject(letter.stream, letter.durable),
      JSON.stringify(letter),
      { msgID: `${letter.durable}:${letter.event.id}` },
    );
  }

  async deadLetters(stream: string, durable: string): Promise<DeadLetter[]> {
    await this.streams.ensureDeadLetters();
    const subject = this.streams.deadLetterSubject(stream, durable);
    const name = this.streams.name(DEADLETTER_STREAM);
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
    await this.streams.ensureEvents(options.stream);
    const consumer = await this.js.consumers.get(this.streams.name(options.stream), {
      filter_subjects: this.streams.filterFor(options.stream, options.types),
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
    return this.track(async () => {
      await messages.close();
      await loop;
    });
  }

  request<T>(subject: string, payload: unknown, timeoutMs = 5000): Promise<T> {
    return sendRequest<T>(this.nc, this.options.streamPrefix ?? '', subject, payload, timeoutMs);
  }

  async reply(subject: string, handler: RequestHandler): Promise<Subscription> {
    const subscription = answerRequests(this.nc, this.options.streamPrefix ?? '', subject, handler);
    return this.track(() => subscription.drain());
  }

  /** A subscription `close()` stops if its owner has not. */
  private track(stop: () => Promise<void>): Subscription {
    const subscription: Subscription = {
      stop: async () => {
        await stop();
        this.stops.delete(subscription);
      },
    };
    this.stops.add(subscription);
    return subscription;
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
    await this.streams.delete(streams);
  }

  async close(): Promise<void> {
    for (const subscription of [...this.stops]) await subscription.stop().catch(() => {});
    await this.nc.drain().catch(() => this.nc.close());
  }
}
