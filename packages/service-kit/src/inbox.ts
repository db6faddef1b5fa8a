import type { EventEnvelope } from '@uapqa/contracts';
import { exists, type SQL, sql } from 'drizzle-orm';
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

/** One delivery's inbox claim, to be made part of the statement that applies the event. */
export interface InboxClaim {
  /** The claim as a data-modifying CTE: `db.with(claim.cte)` puts it in the statement. */
  cte: ReturnType<typeof claimOf>;
  /** True in that statement only when this delivery made the claim: guard the effect with it. */
  claimed: SQL;
}

function claimOf(db: Database, consumer: string, event: EventEnvelope) {
  return db
    .$with('inbox_claim')
    .as(
      db
        .insert(inbox)
        .values({ consumer, eventId: event.id, eventType: event.type })
        .onConflictDoNothing()
        .returning({ eventId: inbox.eventId }),
    );
}

/**
 * `idempotent` for an effect that is one statement: the claim travels inside it as a CTE, so
 * PostgreSQL commits both or neither in one round trip, without the BEGIN and COMMIT of a
 * transaction. A read model applying events is on the path every consumer waits for.
 */
export function idempotentStatement(
  db: Database,
  consumer: string,
  statement: (claim: InboxClaim, event: EventEnvelope) => Promise<unknown>,
): EventHandler {
  return async (event) => {
    const cte = claimOf(db, consumer, event);
    await statement({ cte, claimed: exists(db.select({ one: sql`1` }).from(cte)) }, event);
  };
}
