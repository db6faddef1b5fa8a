import { FROZEN_CREDITS_MONTHS } from '@uapqa/contracts';
import { eventually, testBackends, withTwoReplicas } from '@uapqa/service-kit/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { BILLING_MIGRATIONS } from '../src/service.js';
import { billingForTests } from '../src/testing.js';

/**
 * The frozen-credit expiry job (src/jobs/expiry.ts) on two billing replicas sharing one
 * database, as `kubectl scale` or two compose replicas would run it: both timers fire, and both
 * run the job at the very same moment, yet each lapse is expired once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const { accounts, ledger } = schema;

function monthsAgo(months: number, from = new Date()): Date {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

let nextUserId = 1_000;

describe.each(testBackends())('the expiry job on two billing replicas ($name)', (backend) => {
  it('expires each lapse exactly once while two replicas run the job at once', async (context) => {
    // PGlite lives inside one process: two instances cannot share its database.
    context.skip(
      backend.name !== 'real',
      'needs a shared PostgreSQL database (TEST_DATABASE_URL): embedded PGlite is one per process',
    );
    const replica = billingForTests({ EXPIRY_INTERVAL_MS: '250' });
    const database = { schema, migrationsFolder: BILLING_MIGRATIONS };
    await withTwoReplicas(backend, replica, database, async ({ first, second, db }) => {
      async function seed(
        count: number,
        account: { status: 'lapsed' | 'active'; lapsedAt: Date | null },
      ): Promise<number[]> {
        const ids = Array.from({ length: count }, () => nextUserId++);
        await db.insert(accounts).values(ids.map((userId) => ({ userId, ...account })));
        await db.insert(ledger).values(
          ids.flatMap((userId) => [
            {
              userId,
              delta: 3,
              kind: 'subscription_credit' as const,
              idempotencyKey: `invoice:t${userId}`,
            },
            {
              userId,
              delta: 10,
              kind: 'purchase' as const,
              idempotencyKey: `payment_intent:t${userId}`,
            },
            {
              userId,
              delta: -1,
              kind: 'question_debit' as const,
              idempotencyKey: `question:t${userId}:debit`,
            },
          ]),
        );
        return ids;
      }
      const balances = async (ids: number[]) => {
        const rows = await db
          .select({ userId: ledger.userId, balance: sql<string>`sum(${ledger.delta})` })
          .from(ledger)
          .where(inArray(ledger.userId, ids))
          .groupBy(ledger.userId);
        return new Map(rows.map((row) => [row.userId, Number(row.balance)]));
      };
      const expiries = async (ids: number[]) =>
        db
          .select({ userId: ledger.userId, delta: ledger.delta })
          .from(ledger)
          .where(and(inArray(ledger.userId, ids), eq(ledger.kind, 'expiry')));

      // 1. The scheduled path: both replicas' timers (every 250 ms) sweep the same lapses.
      const lapsedLongAgo = await seed(20, {
        status: 'lapsed',
        lapsedAt: monthsAgo(FROZEN_CREDITS_MONTHS + 1),
      });
      const lapsedRecently = await seed(5, {
        status: 'lapsed',
        lapsedAt: new Date(Date.now() - DAY_MS),
      });
      const active = await seed(5, { status: 'active', lapsedAt: null });
      await eventually(async () => expect(await expiries(lapsedLongAgo)).toHaveLength(20), {
        timeoutMs: 15_000,
      });
      // More runs of the timers change nothing: one more long-lapsed member, seeded now, is
      // expired only by a run that started after (and so swept the 20 again too).
      const lapsedSince = await seed(1, {
        status: 'lapsed',
        lapsedAt: monthsAgo(FROZEN_CREDITS_MONTHS + 1),
      });
      await eventually(async () => expect(await expiries(lapsedSince)).toHaveLength(1), {
        timeoutMs: 15_000,
      });

      // 2. Both replicas run the job at the same instant, past the recent lapses' 6 months.
      const later = new Date(Date.now() + (FROZEN_CREDITS_MONTHS * 31 + 1) * DAY_MS);
      const round = await Promise.all([
        first.expireFrozenCredits(later),
        second.expireFrozenCredits(later),
      ]);
      expect(round[0] + round[1], 'the recent lapses, each expired by one replica').toBe(5);
      for (let again = 0; again < 2; again++) {
        expect(
          await Promise.all([first.expireFrozenCredits(later), second.expireFrozenCredits(later)]),
        ).toEqual([0, 0]);
      }

      const lapsed = [...lapsedLongAgo, ...lapsedSince, ...lapsedRecently];
      const entries = await expiries(lapsed);
      expect(entries.map((entry) => entry.userId).sort()).toEqual([...lapsed].sort());
      expect(entries.every((entry) => entry.delta === -12)).toBe(true);
      for (const [userId, balance] of await balances(lapsed))
        expect(balance, `user ${userId}`).toBe(0);
      // Members who never lapsed keep their credits.
      expect(await expiries(active)).toEqual([]);
      for (const balance of (await balances(active)).values()) expect(balance).toBe(12);
    });
  });
});
