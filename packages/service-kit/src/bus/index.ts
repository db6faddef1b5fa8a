import type { Logger } from '../logger.js';
import { MemoryEventBus } from './memory.js';
import { NatsEventBus } from './nats.js';
import type { EventBus } from './types.js';

export { MemoryEventBus } from './memory.js';
export { NatsEventBus } from './nats.js';
export * from './types.js';

/** JetStream when NATS_URL is set, the in-process bus otherwise. */
export async function connectBus(options: {
  url?: string | undefined;
  name: string;
  streamPrefix?: string;
  streamReplicas?: number;
  logger?: Logger;
}): Promise<EventBus> {
  if (options.url) {
    return NatsEventBus.connect({
      url: options.url,
      name: options.name,
      streamPrefix: options.streamPrefix ?? '',
      streamReplicas: options.streamReplicas ?? 1,
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }
  return new MemoryEventBus();
}
