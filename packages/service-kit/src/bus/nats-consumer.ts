import {
  AckPolicy,
  type Consumer,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { EventEnvelope } from '@uapqa/contracts';
import { busMetrics } from '../metrics/bus.js';
import type { NatsStreams } from './nats-streams.js';
import {
  backoffFor,
  type ConsumeOptions,
  DEFAULT_MAX_DELIVER,
  type DeadLetter,
  type Subscription,
} from './types.js';

export interface NatsBusLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

interface DurableConsumerContext {
  js: JetStreamClient;
  jsm: JetStreamManager;
  streams: NatsStreams;
  deadLetter(letter: DeadLetter): Promise<void>;
  logger?: NatsBusLogger | undefined;
}

/**
 * A durable pull consumer on a stream: acks what its handler took, redelivers with backoff what
 * it threw on, and dead-letters an event after `maxDeliver` deliveries.
 */
export async function consumeDurable(
  { js, jsm, streams, deadLetter, logger }: DurableConsumerContext,
  options: ConsumeOptions,
): Promise<Subscription> {
  await streams.ensureEvents(options.stream);
  const streamName = streams.name(options.stream);
  const config = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: streams.filterFor(options.stream, options.types),
    ack_wait: nanos(30_000),
    max_ack_pending: 256,
  };
  try {
    await jsm.consumers.info(streamName, options.durable);
    // Re-adding a durable with another config fails: update its filter in place.
    await jsm.consumers.update(streamName, options.durable, {
      filter_subject: config.filter_subject,
      ack_wait: config.ack_wait,
      max_ack_pending: config.max_ack_pending,
    });
  } catch {
    await jsm.consumers.add(streamName, config);
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
        await deadLetter({
          stream: options.stream,
          durable: options.durable,
          event,
          error: error instanceof Error ? error.message : String(error),
          deliveries,
        }).catch((cause) => logger?.error({ err: cause }, 'dead-letter failed'));
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
        const consumer = await js.consumers.get(streamName, options.durable);
        current = await consumer.consume({ max_messages: 64 });
        if (stopping) break;
        for await (const message of current) {
          if (stopping) break; // unacked: the server redelivers it after a restart
          await handle(message);
        }
      } catch (error) {
        if (!stopping) logger?.warn({ err: error }, 'consumer interrupted');
      }
      if (!stopping) {
        logger?.warn({ durable: options.durable }, 'consumer restarting');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await current?.close();
      await loop;
    },
  };
}
