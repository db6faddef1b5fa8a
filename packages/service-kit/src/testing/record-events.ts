import type { EventEnvelope } from '@uapqa/contracts';
import type { EventBus } from '../bus/types.js';

export interface RecordedEvents {
  /** The envelopes, in the order the bus delivered them. */
  readonly seen: EventEnvelope[];
  /** Their payloads, in the same order. */
  data(): unknown[];
  stop(): Promise<void>;
}

/**
 * Records every event of `types` published on `stream` from now on (or from `since`), for a
 * test to check what a change announced.
 */
export async function recordEvents(
  bus: EventBus,
  stream: string,
  types: string[],
  since?: Date,
): Promise<RecordedEvents> {
  const seen: EventEnvelope[] = [];
  const watcher = await bus.watch({
    stream,
    types,
    ...(since ? { since } : {}),
    handler: async (event) => {
      seen.push(event);
    },
  });
  return { seen, data: () => seen.map((event) => event.data), stop: () => watcher.stop() };
}
