import { randomUUID } from 'node:crypto';
import { MODERATION_STREAM, QuestionApproved, QuestionRejected } from '@uapqa/contracts';
import {
  type Backend,
  eventually,
  type TwoReplicas,
  testBackends,
  withTwoReplicas,
} from '@uapqa/service-kit/testing';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { MODERATION_MIGRATIONS, type ModerationInstance } from '../src/service.js';
import { moderationForTests } from '../src/testing.js';

/**
 * The release of held decisions (src/jobs/release.ts) on two moderation replicas sharing one
 * database and one bus, as two pods of a Deployment run it: both timers and sweeps fire, and
 * both release at the very same moment, yet each decision is announced once.
 */

const HOUR_MS = 60 * 60 * 1000;
const { decisions, outbox, queueItems } = schema;

describe.each(testBackends())('the decision release on two replicas ($name)', (backend) => {
  it('announces each held decision once while two replicas release at once', async (context) => {
    // PGlite lives inside one process: two instances cannot share its database.
    context.skip(
      backend.name !== 'real',
      'needs a shared PostgreSQL database (TEST_DATABASE_URL): embedded PGlite is one per process',
    );
    await withTwoReleasingReplicas(backend, async ({ first, second, db, published }) => {
      /** Decisions taken (as the decision route stores them) and held until `releaseAt`. */
      async function held(count: number, releaseAt: Date): Promise<string[]> {
        const ids = Array.from({ length: count }, () => randomUUID());
        const decidedAt = new Date(releaseAt.getTime() - 60_000);
        await db.insert(queueItems).values(
          ids.map((id, n) => ({
            questionId: id,
            askerId: 500 + n,
            askerUsername: `asker_${n}`,
            requestedExpertId: 7,
            title: 'What did the radar operators see that night?',
            content: 'The sequence of radar returns during the encounter, in order.',
            categoryId: 1,
            categoryName: 'Sightings',
            tags: [],
            submittedAt: new Date(decidedAt.getTime() - HOUR_MS),
            status: n % 2 === 0 ? ('approved' as const) : ('rejected' as const),
            assignedExpertId: n % 2 === 0 ? 7 : null,
            rejectionReason: n % 2 === 0 ? null : 'other',
            decidedBy: 3,
            decidedAt,
          })),
        );
        await db.insert(decisions).values(
          ids.map((id, n) => ({
            questionId: id,
            decision: n % 2 === 0 ? ('approved' as const) : ('rejected' as const),
            moderatorId: 3,
            moderatorUsername: 'moderator',
            assignedExpertId: n % 2 === 0 ? 7 : null,
            rejectionReason: n % 2 === 0 ? null : 'other',
            decidedAt,
            releaseAt,
          })),
        );
        return ids;
      }
      /** Announcements committed per question, from the shared outbox. */
      const committed = async (ids: string[]) => {
        const rows = await db
          .select({ questionId: sql<string>`${outbox.envelope} -> 'data' ->> 'questionId'` })
          .from(outbox)
          .where(inArray(outbox.type, [QuestionApproved.type, QuestionRejected.type]));
        return rows.map((row) => row.questionId).filter((id) => ids.includes(id));
      };

      // 1. The scheduled path: both replicas' timers and sweeps (every 100 ms) release them.
      const due = await held(20, new Date(Date.now() - 1000));
      const notYetDue = await held(6, new Date(Date.now() + HOUR_MS));
      await eventually(async () => expect(await committed(due)).toHaveLength(20), {
        timeoutMs: 15_000,
      });
      expect(await committed(notYetDue)).toEqual([]);

      // 2. Both replicas release at the same instant, past the next holds.
      const later = new Date(Date.now() + 2 * HOUR_MS);
      const round = await Promise.all([
        first.releaseDecisions(later),
        second.releaseDecisions(later),
      ]);
      expect(round[0] + round[1], 'each newly due decision, claimed by one replica').toBe(6);
      expect(
        await Promise.all([first.releaseDecisions(later), second.releaseDecisions(later)]),
      ).toEqual([0, 0]);

      const all = [...due, ...notYetDue];
      expect((await committed(all)).sort()).toEqual([...all].sort());
      // On the bus, once each: both replicas' outbox relays share the rows (SKIP LOCKED).
      await eventually(() => expect(new Set(published).size).toBe(all.length), {
        timeoutMs: 10_000,
      });
      // One more due decision: once its event reached the watcher, so has anything before it.
      const last = await held(1, new Date(Date.now() - 1000));
      await eventually(() => expect(published).toContain(last[0]), { timeoutMs: 10_000 });
      expect([...published].sort()).toEqual([...all, ...last].sort());
    });
  });
});

/**
 * Two moderation replicas releasing every 100 ms, and the question ids of every announcement
 * seen on the bus, repeats included.
 */
async function withTwoReleasingReplicas(
  backend: Backend,
  run: (
    replicas: TwoReplicas<ModerationInstance, typeof schema> & { published: string[] },
  ) => Promise<void>,
): Promise<void> {
  const replica = moderationForTests({
    DECISION_HOLD_SECONDS: '60',
    DECISION_RELEASE_SWEEP_MS: '100',
  });
  const database = { schema, migrationsFolder: MODERATION_MIGRATIONS };
  await withTwoReplicas(backend, replica, database, async (replicas) => {
    const published: string[] = [];
    const watcher = await replicas.bus.watch({
      stream: MODERATION_STREAM,
      types: [QuestionApproved.type, QuestionRejected.type],
      handler: async (event) => {
        published.push((event.data as { questionId: string }).questionId);
      },
    });
    try {
      await run({ ...replicas, published });
    } finally {
      await watcher.stop();
    }
  });
}
