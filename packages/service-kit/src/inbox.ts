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
