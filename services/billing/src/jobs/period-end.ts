import { SUBSCRIPTION } from '@uapqa/contracts';
import type { Logger } from '@uapqa/service-kit';
import type { Database } from '@uapqa/service-kit/db';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { accounts } from '../db/schema.js';
import { localRenewalEvent, localSubscriptionEndedEvent } from '../payments/local-events.js';
import type { WebhookReceiver } from '../payments/webhooks.js';

/** Accounts looked at per query: a backlog is worked through in batches. */
const BATCH = 100;

/**
 * What Stripe does at the end of a subscription period, for the local provider: a cancelled
 * subscription ends (the member lapses and the balance freezes, through the same
 * `customer.subscription.deleted` handling as Stripe's), any other renews with a paid invoice
 * and its period's credits. Each outcome is a signed event whose id names the subscription and
 * period, so replicas running this at once, or a run repeated, apply it once.
 */
export async function endLocalPeriods(
  db: Database,
  webhooks: WebhookReceiver,
  now = new Date(),
): Promise<{ renewed: number; ended: number }> {
  const done = { renewed: 0, ended: 0 };
  // A renewal may still be due after one period (the process was down for months): loop.
  for (;;) {
    const due = await db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.status, 'active'),
          isNotNull(accounts.subscriptionId),
          lte(accounts.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(accounts.currentPeriodEnd))
      .limit(BATCH);
    let progressed = false;
    for (const account of due) {
      const periodEnd = account.currentPeriodEnd!;
      const event = account.cancelAtPeriodEnd
        ? localSubscriptionEndedEvent(account, periodEnd)
        : localRenewalEvent(account, periodEnd, SUBSCRIPTION.priceCents);
      const payload = JSON.stringify(event);
      const outcome = await webhooks.receive(payload, webhooks.sign(payload));
      if (outcome === 'applied') {
        progressed = true;
        if (account.cancelAtPeriodEnd) done.ended++;
        else done.renewed++;
      }
    }
    // Another replica took them (its events are duplicates here) or nothing was due.
    if (!progressed || due.length === 0) return done;
  }
}

export function schedulePeriodEnds(
  db: Database,
  webhooks: WebhookReceiver,
  intervalMs: number,
  logger: Logger,
): () => void {
  const run = () =>
    endLocalPeriods(db, webhooks)
      .then(
        (done) =>
          (done.renewed > 0 || done.ended > 0) && logger.info(done, 'subscription periods ended'),
      )
      .catch((error) => logger.warn({ err: error }, 'subscription period run failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
