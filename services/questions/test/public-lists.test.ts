import { QUESTIONS_STREAM, TaxonomyChanged } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { answer, approvedQuestion, startQuestionsStack } from './harness.js';

/** What a questions process serves at `path`, parsed. */
async function served<T>(
  service: { app: { request(path: string): Promise<Response> | Response } },
  path: string,
) {
  const response = await service.app.request(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

type Window = { creatorId: number; remaining: number };
const idsOf = (rows: Array<{ id: number | string }>) => rows.map((row) => row.id);

describe.each(testBackends())(
  'categories, topics and windows, kept a minute ($name)',
  (backend) => {
    // A minute: only being told of each write can make it show within a test.
    const stack = stackForSuite(() => startQuestionsStack(backend, { ARCHIVE_CACHE_MS: '60000' }));

    it('lists a new or deleted category and topic at once, and announces each change', async () => {
      const announced = await recordEvents(stack.bus.bus, QUESTIONS_STREAM, [TaxonomyChanged.type]);
      const visitor = stack.visitor();
      const listed = async (list: 'categories' | 'tags') =>
        idsOf(await (await visitor.get(`/api/${list}`)).json());
      await listed('categories');
      await listed('tags');

      // Each read follows its write at once, before the write's event could come back.
      const admin = await stack.signedIn('admin');
      const changedBy = admin.id;
      const category = await (
        await admin.post('/api/admin/categories', { name: 'Ball lightning' })
      ).json();
      expect(await listed('categories')).toContain(category.id);
      const topic = await (
        await admin.post('/api/admin/tags', { name: 'Earthquake lights' })
      ).json();
      expect(await listed('tags')).toContain(topic.id);
      expect((await admin.delete(`/api/admin/categories/${category.id}`)).status).toBe(200);
      expect(await listed('categories')).not.toContain(category.id);
      expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);
      expect(await listed('tags')).not.toContain(topic.id);

      await eventually(() =>
        expect(announced.data()).toEqual([
          {
            kind: 'category',
            change: 'created',
            id: category.id,
            name: 'Ball lightning',
            changedBy,
          },
          { kind: 'tag', change: 'created', id: topic.id, name: 'Earthquake lights', changedBy },
          {
            kind: 'category',
            change: 'deleted',
            id: category.id,
            name: 'Ball lightning',
            changedBy,
          },
          { kind: 'tag', change: 'deleted', id: topic.id, name: 'Earthquake lights', changedBy },
        ]),
      );
      await announced.stop();
    });

    it("takes a question's place off the expert's window at once", async () => {
      const windowOf = async (creatorId: number) =>
        (await served<Window[]>(stack.questions, '/api/questions/windows')).find(
          (window) => window.creatorId === creatorId,
        )!;
      const [expert] = await stack.experts();
      const before = await windowOf(expert!.userId);
      const topic = (await (await stack.visitor().get('/api/tags')).json())[0];
      await approvedQuestion(
        stack,
        topic.id,
        'Did the lights over the ridge move against the wind?',
      );
      expect((await windowOf(expert!.userId)).remaining).toBe(before.remaining - 1);
    });

    it.runIf(backend.name === 'real')(
      "shows another replica's topics, places and deleted topic at once, told by the bus",
      async () => {
        const replica = await stack.replica({ SEED_DEMO: 'false' });
        const [expert] = await stack.experts();
        const replicaWindow = async () =>
          (await served<Window[]>(replica, '/api/questions/windows')).find(
            (window) => window.creatorId === expert!.userId,
          )!;
        const replicaTags = async () =>
          idsOf(await served<Array<{ id: number }>>(replica, '/api/tags'));
        // The replica now remembers both for a minute.
        const placesBefore = (await replicaWindow()).remaining;
        const tagsBefore = await replicaTags();

        // Written to the other replica.
        const admin = await stack.signedIn('admin');
        const topic = await (await admin.post('/api/admin/tags', { name: 'Foo fighters' })).json();
        expect(tagsBefore).not.toContain(topic.id);
        await eventually(async () => expect(await replicaTags()).toContain(topic.id), {
          timeoutMs: 5000,
        });

        const { id } = await approvedQuestion(
          stack,
          topic.id,
          'Were the foo fighters ever filmed?',
        );
        await eventually(
          async () => expect((await replicaWindow()).remaining).toBe(placesBefore - 1),
          {
            timeoutMs: 5000,
          },
        );

        // The replica remembers the topic's page without the question, then with it once the
        // answer's event has come: from then on, only being told can change the page.
        const topicPage = `/api/questions?tagIds=${topic.id}`;
        expect(await served(replica, topicPage)).toEqual([]);
        await answer(stack, id);
        await eventually(
          async () => expect(idsOf(await served(replica, topicPage))).toEqual([id]),
          {
            timeoutMs: 5000,
          },
        );
        // …until the topic is deleted elsewhere.
        expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);
        await eventually(async () => expect(await served(replica, topicPage)).toEqual([]), {
          timeoutMs: 5000,
        });
      },
      60_000,
    );
  },
);
