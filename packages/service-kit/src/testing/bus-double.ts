import type { EventBus } from '../bus/types.js';

/**
 * A test double of a bus: `inner`, with the calls in `overrides` in place of its own (a publish
 * that fails or records, a consume that redelivers); every other call goes straight to `inner`.
 */
export function busWith(inner: EventBus, overrides: Partial<Omit<EventBus, 'kind'>>): EventBus {
  return {
    kind: inner.kind,
    publish: (stream, event) => inner.publish(stream, event),
    consume: (options) => inner.consume(options),
    watch: (options) => inner.watch(options),
    request: <T>(subject: string, payload: unknown, timeoutMs?: number) =>
      inner.request<T>(subject, payload, timeoutMs),
    reply: (subject, handler) => inner.reply(subject, handler),
    deadLetters: (stream, durable) => inner.deadLetters(stream, durable),
    ready: () => inner.ready(),
    close: () => inner.close(),
    ...overrides,
  };
}
