import {
  BILLING_STREAM,
  readEvent,
  SubscriptionActivated,
  SubscriptionLapsed,
} from '@uapqa/contracts';
import type { EventBus, Subscription } from '@uapqa/service-kit';
import { type Database, inboxFor } from '@uapqa/service-kit/db';
import { sql } from 'drizzle-orm';
import { memberSubscriptions } from './db/schema.js';

const CONSUMER = 'identity-subscribers';

/**
 * Keeps who is subscribed, from billing's events, so user management can filter by it without
 * asking billing for every page. An older event arriving late never undoes a newer one.
 */
export function followSubscriptions(
  db: Database,
  relay: { kick(): void },
  bus: EventBus,
): Promise<Subscription> {
  const once = inboxFor(db, relay, CONSUMER);
  return bus.consume({
    stream: BILLING_STREAM,
    durable: CONSUMER,
    types: [SubscriptionActivated.type, SubscriptionLapsed.type],
    handler: once(async (tx, event) => {
      const activated = event.type === SubscriptionActivated.type;
      const { userId } = activated
        ? readEvent(SubscriptionActivated, event).data
        : readEvent(SubscriptionLapsed, event).data;
      const state = { active: activated, changedAt: new Date(event.occurredAt) };
      await tx
        .insert(memberSubscriptions)
        .values({ userId, ...state })
        .onConflictDoUpdate({
          target: memberSubscriptions.userId,
          set: state,
          setWhere: sql`${memberSubscriptions.changedAt} <= excluded.changed_at`,
        });
    }),
  });
}
