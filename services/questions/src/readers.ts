import {
  type EventEnvelope,
  readEvent,
  STAFF_ROLES,
  SubscriptionActivated,
  SubscriptionLapsed,
} from '@uapqa/contracts';
import type { SessionClaims } from '@uapqa/service-kit';
import { type Executor, preparedOnce, type Transaction } from '@uapqa/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { subscribers } from './db/schema.js';

/**
 * Who reads an answer. Whole answers are what the subscription pays for: an active subscriber
 * (credits frozen or not) and staff read every answer whole; anyone else reads the preview,
 * except the answers they wrote as the expert or asked for (they paid a credit for it).
 */
export interface AnswerReader {
  /** The signed-in user, or null for a visitor. */
  userId: number | null;
  /** An active subscriber or staff: every answer whole, and search over whole answers. */
  everyAnswer: boolean;
}

export const VISITOR: AnswerReader = { userId: null, everyAnswer: false };

/** Whether this reader receives this answer whole rather than its preview. */
export function readsWhole(
  reader: AnswerReader,
  row: { askerId: number | null; assignedExpertId: number | null },
): boolean {
  if (reader.everyAnswer) return true;
  if (reader.userId === null) return false;
  return row.assignedExpertId === reader.userId || row.askerId === reader.userId;
}

/** The reader a session is: one primary-key lookup in this service's own read copy. */
export async function answerReader(
  db: Executor,
  session: SessionClaims | null,
): Promise<AnswerReader> {
  if (!session) return VISITOR;
  if (STAFF_ROLES.includes(session.role)) return { userId: session.userId, everyAnswer: true };
  const lookup = preparedOnce(db, 'subscriber_active', () =>
    db
      .select({ active: subscribers.active })
      .from(subscribers)
      .where(eq(subscribers.userId, sql.placeholder('userId')))
      .prepare('subscriber_active'),
  );
  const [row] = await lookup.execute({ userId: session.userId });
  return { userId: session.userId, everyAnswer: row?.active === true };
}

/**
 * Applies billing's SubscriptionActivated or SubscriptionLapsed to the read copy. Each state
 * carries the time billing committed it, and an older state never overwrites a newer one, so a
 * redelivered activation arriving after the lapse changes nothing.
 */
export async function applySubscriptionEvent(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } =
    event.type === SubscriptionActivated.type
      ? readEvent(SubscriptionActivated, event).data
      : readEvent(SubscriptionLapsed, event).data;
  const state = {
    active: event.type === SubscriptionActivated.type,
    changedAt: new Date(event.occurredAt),
  };
  await tx
    .insert(subscribers)
    .values({ userId, ...state })
    .onConflictDoUpdate({
      target: subscribers.userId,
      set: state,
      setWhere: sql`${subscribers.changedAt} <= excluded.changed_at`,
    });
}
