import { processMetrics } from './registry.js';

export type PublishResult = 'ok' | 'duplicate' | 'error';
export type DeliveryOutcome = 'ack' | 'retry' | 'dead_letter';

/**
 * The points both buses share (NatsEventBus and MemoryEventBus call these at the same moments),
 * so their series mean the same whichever bus a process runs on.
 */
export const busMetrics = {
  /** An event handed to the bus: stored (ok), dropped as a republished id, or refused. */
  published(stream: string, type: string, result: PublishResult): void {
    processMetrics().busPublished.inc({ stream, type, result });
  },
  /**
   * A durable consumer's handler finished one delivery (`attempt` counts from 1): acknowledged,
   * left for redelivery, or dead-lettered after maxDeliver attempts.
   */
  delivered(
    stream: string,
    consumer: string,
    type: string,
    attempt: number,
    outcome: DeliveryOutcome,
  ): void {
    const metrics = processMetrics();
    metrics.busConsumed.inc({ stream, consumer, type, outcome });
    if (attempt > 1) metrics.busRedeliveries.inc({ stream, consumer, type });
    if (outcome === 'dead_letter') metrics.busDeadLetters.inc({ stream, consumer, type });
  },
};
