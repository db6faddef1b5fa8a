import { fileURLToPath } from 'node:url';
import {
  ArchiveQuery,
  CreatorApproved,
  createEvent,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  QuestionAnswered,
} from '@uapqa/contracts';
import { openDatabase } from '@uapqa/service-kit/db';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateArchive } from '../bench/archive-generator.js';
import { type ArchivePage, archivePages, readArchivePage } from '../src/archive-pages.js';
import * as schema from '../src/db/schema.js';
import { VISITOR } from '../src/readers.js';
import { answer, approvedQuestion, startQuestionsStack } from './harness.js';

/** An archive query as a visitor makes it (search over previews only). */
const visitorQuery = (query: Record<string, string>) => ({
  ...ArchiveQuery.parse(query),
  searchWhole: false,
});
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
type QuestionsDb = Awaited<ReturnType<typeof openDatabase<typeof schema>>>['db'];
const newest = visitorQuery({ limit: '5' });
const titlesOf = (page: ArchivePage) =>
  (JSON.parse(page.body(VISITOR)) as Array<{ title: string }>).map((question) => question.title);

describe.each(testBackends())('remembered archive pages ($name)', (backend) => {
  /** A small generated archive, and a way to change its newest question as another replica would. */
  async function withArchive(run: (db: QuestionsDb) => Promise<void>) {
    const { url, drop } = await backend.database();
    const handle = await openDatabase({ service: 'questions', schema, migrationsFolder, url });
    try {
      await generateArchive(handle.db, { questions: 40 });
      await run(handle.db);
    } finally {
      await handle.close();
      await drop();
    }
  }

  /** Pages of `db` remembered for `ttlMs` (of `clock`'s time, if given), with room to spare. */
  const remembered = (db: QuestionsDb, ttlMs: number, clock?: { now(): number }) =>
    archivePages((query) => readArchivePage(db, query), {
      ttlMs,
      maxChars: 1_000_000,
      ...(clock ? { clock } : {}),
    });

  async function retitleNewest(db: QuestionsDb, page: ArchivePage, title: string) {
    const [first] = JSON.parse(page.body(VISITOR)) as Array<{ id: string }>;
    await db.update(schema.questions).set({ title }).where(eq(schema.questions.id, first!.id));
  }

  it("serves another process's write once the page's time is up", async () => {
    await withArchive(async (db) => {
      // The page's time runs on a clock the test moves, not on how fast the machine reads.
      const clock = { ms: 1_000_000, now: () => clock.ms };
      const pages = remembered(db, 300, clock);
      const before = await pages.get(newest);
      await retitleNewest(db, before, 'Retitled by another replica');
      clock.ms += 300;
      expect(titlesOf(await pages.get(newest))).toEqual(titlesOf(before));
      clock.ms += 50;
      expect(titlesOf(await pages.get(newest))[0]).toBe('Retitled by another replica');
    });
  });

  it('serves its own writes at once, even past a read that was in flight', async () => {
    await withArchive(async (db) => {
      const pages = remembered(db, 60_000);
      const before = await pages.get(newest);
      const inFlight = pages.get(visitorQuery({ limit: '6' }));
      await retitleNewest(db, before, 'Retitled here');
      pages.changed();
      await inFlight;
      expect(titlesOf(await pages.get(newest))[0]).toBe('Retitled here');
      expect(titlesOf(await pages.get(visitorQuery({ limit: '6' })))[0]).toBe('Retitled here');
    });
  });

  it('shares one read among callers asking for the same page at once', async () => {
    await withArchive(async (db) => {
      let reads = 0;
      const pages = archivePages(
        (query) => {
          reads++;
          return readArchivePage(db, query);
        },
        { ttlMs: 60_000, maxChars: 1_000_000 },
      );
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          pages.get(visitorQuery({ limit: '5', tagIds: i % 2 ? '2,1' : '1,2' })),
        ),
      );
      expect(reads).toBe(1);
      expect(new Set(all).size).toBe(1);
    });
  });

  it('reads every page from the database when its time is 0', async () => {
    await withArchive(async (db) => {
      const pages = remembered(db, 0);
      const before = await pages.get(newest);
      await retitleNewest(db, before, 'Retitled, read at once');
      expect(titlesOf(await pages.get(newest))[0]).toBe('Retitled, read at once');
    });
  });

  it('never answers a malformed cursor from memory', async () => {
    await withArchive(async (db) => {
      const pages = remembered(db, 60_000);
      const malformed = visitorQuery({ cursor: 'not-a-cursor' });
      await expect(pages.get(malformed)).rejects.toMatchObject({ status: 400 });
      await expect(pages.get(malformed)).rejects.toMatchObject({ status: 400 });
    });
  });
});

describe.each(testBackends())(
  'the archive after writes, pages kept a minute ($name)',
  (backend) => {
    it('shows an answer, a deleted topic and a renamed expert at once', async () => {
      // A minute: only being told of each write can make it show within the test.
      const stack = await startQuestionsStack(backend, { ARCHIVE_CACHE_MS: '60000' });
      try {
        const admin = await stack.signedIn('admin');
        const topic = await (await admin.post('/api/admin/tags', { name: 'Plasma orbs' })).json();
        const { id, expert } = await approvedQuestion(
          stack,
          topic.id,
          'Were the plasma orbs over the lake ever sampled?',
        );
        const newestPage = async () =>
          (await (await stack.visitor().get('/api/questions?limit=5')).json()) as Array<{
            id: string;
            tagIds: number[];
            creator: { lastName: string | null };
          }>;
        expect((await newestPage()).map((question) => question.id)).not.toContain(id);

        let answerEvents = 0;
        const answers = await stack.bus.bus.watch({
          stream: QUESTIONS_STREAM,
          types: [QuestionAnswered.type],
          handler: async () => {
            answerEvents++;
          },
        });
        await answer(stack, id);
        expect((await newestPage())[0]).toMatchObject({ id, tagIds: [topic.id] });
        // The answer's event comes back to this replica too and renews its pages once more; once
        // it has, the page read next stays remembered, and only the deletion can change it.
        await eventually(() => expect(answerEvents).toBe(1));
        await answers.stop();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await newestPage())[0]).toMatchObject({ id, tagIds: [topic.id] });

        expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);
        expect((await newestPage())[0]).toMatchObject({ id, tagIds: [] });

        await stack.bus.bus.publish(
          IDENTITY_STREAM,
          createEvent(CreatorApproved, {
            creatorId: 1,
            userId: expert!.userId,
            brandName: null,
            bio: null,
            firstName: 'Renamed',
            lastName: 'Expert-Smith',
            questionsPerWeek: expert!.questionsPerWeek,
          }),
        );
        await eventually(async () =>
          expect((await newestPage())[0]!.creator.lastName).toBe('Expert-Smith'),
        );
      } finally {
        await stack.stop();
      }
      // The stack starts in the test's body: it gets the time hooks that start one get.
    }, 120_000);

    it.runIf(backend.name === 'real')(
      "shows another replica's answer at once, told by the bus",
      async () => {
        const stack = await startQuestionsStack(backend, { ARCHIVE_CACHE_MS: '60000' });
        try {
          const replica = await stack.replica({ SEED_DEMO: 'false' });
          const replicaNewest = async () =>
            (await (await replica.app.request('/api/questions?limit=5')).json()) as Array<{
              id: string;
            }>;
          const topic = (await (await stack.visitor().get('/api/tags')).json())[0];
          const { id } = await approvedQuestion(
            stack,
            topic.id,
            'Did the second radar site log the same return?',
          );
          // The replica now remembers its newest page for a minute.
          expect((await replicaNewest()).map((question) => question.id)).not.toContain(id);

          // Answered through the gateway, that is by the other replica.
          await answer(stack, id);
          await eventually(async () => expect((await replicaNewest())[0]?.id).toBe(id), {
            timeoutMs: 5000,
          });
        } finally {
          await stack.stop();
        }
      },
      120_000,
    );
  },
);
