import { randomUUID } from 'node:crypto';
import { QUESTIONS_STREAM, QuestionOverdue } from '@uapqa/contracts';
import {
  type Backend,
  eventually,
  type TwoReplicas,
  testBackends,
  withTwoReplicas,
} from '@uapqa/service-kit/testing';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { QUESTIONS_MIGRATIONS, type QuestionsInstance } from '../src/service.js';
import { questionsForTests } from '../src/testing.js';

/**
 * The overdue sweep (src/jobs/overdue.ts) on two questions replicas sharing one database and
 * one bus, as two pods of a Deployment run it: both timers fire, and both run the sweep at the
 * very same moment, yet each question is marked once and QuestionOverdue (which refunds its
 * asker) is committed and published once.
 */

const HOUR_MS = 60 * 60 * 1000;
const { categories, outbox, questions } = schema;

describe.each(testBackends())('the overdue sweep on two questions replicas ($name)', (backend) => {
  it('publishes one QuestionOverdue per question while two replicas sweep at once', async (context) => {
    // PGlite lives inside one process: two instances cannot share its database.
    context.skip(
      backend.name !== 'real',
      'needs a shared PostgreSQL database (TEST_DATABASE_URL): embedded PGlite is one per process',
    );
    await withTwoSweepingReplicas(backend, async ({ first, second, db, published }) => {
      const [category] = await db
        .insert(categories)
        .values({ name: `Sightings ${randomUUID()}` })
        .returning({ id: categories.id });
      let asker = 500;
      async function approved(count: number, dueAt: Date): Promise<string[]> {
        const rows = Array.from({ length: count }, () => ({
          id: randomUUID(),
          askerId: ++asker,
          requestedExpertId: 7,
          assignedExpertId: 7,
          categoryId: category!.id,
          title: 'What did the radar operators see that night?',
          content: 'The sequence of radar returns during the encounter, in order.',
          status: 'approved' as const,
          decidedAt: new Date(dueAt.getTime() - 72 * HOUR_MS),
          dueAt,
        }));
        await db.insert(questions).values(rows);
        return rows.map((row) => row.id);
      }
      /** QuestionOverdue rows committed per question, from the shared outbox. */
      const committed = async (ids: string[]) => {
        const rows = await db
          .select({ questionId: sql<string>`${outbox.envelope} -> 'data' ->> 'questionId'` })
          .from(outbox)
          .where(eq(outbox.type, QuestionOverdue.type));
        return rows.map((row) => row.questionId).filter((id) => ids.includes(id));
      };

      // 1. The scheduled path: both replicas' timers (every 100 ms) sweep the same questions.
      const pastDue = await approved(20, new Date(Date.now() - HOUR_MS));
      const notYetDue = await approved(5, new Date(Date.now() + HOUR_MS));
      const farFromDue = await approved(3, new Date(Date.now() + 48 * HOUR_MS));
      await eventually(async () => expect(await committed(pastDue)).toHaveLength(20), {
        timeoutMs: 15_000,
      });
      // More runs of the timers change nothing: one more past-due question, stored now, is
      // marked only by a sweep that started after (and so went over the 20 again too).
      const pastDueSince = await approved(1, new Date(Date.now() - HOUR_MS));
      await eventually(async () => expect(await committed(pastDueSince)).toHaveLength(1), {
        timeoutMs: 15_000,
      });

      // 2. Both replicas sweep at the same instant, past the next questions' deadline.
      const later = new Date(Date.now() + 2 * HOUR_MS);
      const round = await Promise.all([first.sweepOverdue(later), second.sweepOverdue(later)]);
      expect(round[0] + round[1], 'the newly overdue questions, each claimed by one replica').toBe(
        5,
      );
      expect(await Promise.all([first.sweepOverdue(later), second.sweepOverdue(later)])).toEqual([
        0, 0,
      ]);

      const overdue = [...pastDue, ...pastDueSince, ...notYetDue];
      expect((await committed(overdue)).sort()).toEqual([...overdue].sort());
      const marked = await db
        .select({ id: questions.id, overdueAt: questions.overdueAt })
        .from(questions)
        .where(inArray(questions.id, [...overdue, ...farFromDue]));
      for (const row of marked) {
        if (farFromDue.includes(row.id)) expect(row.overdueAt, row.id).toBeNull();
        else expect(row.overdueAt, row.id).toBeInstanceOf(Date);
      }
      // On the bus, once each: both replicas' outbox relays share the rows (SKIP LOCKED).
      await eventually(() => expect(new Set(published).size).toBe(overdue.length), {
        timeoutMs: 10_000,
      });
      // Every row marked published: a relay marks its rows in the transaction that holds them
      // while it publishes, so no relay is publishing any of them any more.
      await eventually(async () => {
        const unpublished = await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.type, QuestionOverdue.type), isNull(outbox.publishedAt)));
        expect(unpublished).toEqual([]);
      });
      // Then one more overdue question: once its event has reached the watcher, so has
      // anything published before it.
      const last = await approved(1, new Date(Date.now() - HOUR_MS));
      await eventually(() => expect(published).toContain(last[0]), { timeoutMs: 10_000 });
      expect([...published].sort()).toEqual([...overdue, ...last].sort());
    });
  });
});

/**
 * Two questions replicas sweeping every 100 ms, and the question ids of every QuestionOverdue
 * seen on the bus, repeats included.
 */
async function withTwoSweepingReplicas(
  backend: Backend,
  run: (
    replicas: TwoReplicas<QuestionsInstance, typeof schema> & { published: string[] },
  ) => Promise<void>,
): Promise<void> {
  const replica = questionsForTests({ SEED_DEMO: 'false', OVERDUE_SWEEP_MS: '100' });
  const database = { schema, migrationsFolder: QUESTIONS_MIGRATIONS };
  await withTwoReplicas(backend, replica, database, async (replicas) => {
    const published: string[] = [];
    const watcher = await replicas.bus.watch({
      stream: QUESTIONS_STREAM,
      types: [QuestionOverdue.type],
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
