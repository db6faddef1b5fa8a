import type { EventEnvelope } from '@uapqa/contracts';
import type { EventHandler } from './bus/types.js';
import { inbox } from './db/bookkeeping.js';
import type { Database, Transaction } from './db/database.js';

export type InboxHandler = (tx: Transaction, event: EventEnvelope) => Promise<void>;

/**
 * Wraps a handler so its effect and the record of the event id commit in one transaction:
 * a redelivered event finds its id already there and changes nothing.
 */
export function idempotent(
  db: Database,
  consumer: string,
  handler: InboxHandler,
  options: { afterCommit?: () => void } = {},
): EventHandler {
  return async (event) => {
    const handled = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(inbox)
        .values({ consumer, eventId: event.id, eventType: event.type })
        .onConflictDoNothing()
        .returning({ eventId: inbox.eventId });
      if (claimed.length === 0) return false;
      await handler(tx, event);
      return true;
    });
    if (handled) options.afterCommit?.();
  };
}

/**
 * A consumer's inbox wrapper whose handlers may enqueue events: the relay is kicked after each
 * commit, so what a handler publishes leaves at once.
 */
export function inboxFor(
  db: Database,
  relay: { kick(): void },
  consumer: string,
): (handler: InboxHandler) => EventHandler {
  return (handler) => idempotent(db, consumer, handler, { afterCommit: () => relay.kick() });
}
