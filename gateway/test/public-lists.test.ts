import {
  CreatorApproved,
  CreatorListingChanged,
  createEvent,
  type EventEnvelope,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  QuestionSubmitted,
  TaxonomyChanged,
} from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { Hono } from 'hono';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, standIn, startStack } from './harness.js';

interface Named {
  id: number;
  name: string;
}

/**
 * A questions service standing in, so that each list's reads can be counted and its answers
 * changed at will (the real service's tests start this package's stack: it cannot be started
 * here). The events are the contracts' own, published on the stack's real bus.
 */
function questionsStandIn(experts: () => Promise<Array<{ userId: number }>>) {
  const state = {
    categories: [{ id: 1, name: 'Sightings' }] as Named[],
    tags: [{ id: 1, name: 'radar' }] as Named[],
    remaining: 10,
    failNextCategories: false,
    reads: { categories: 0, tags: 0, windows: 0 },
  };
  const app = new Hono();
  app.get('/ready', (c) => c.json({ status: 'ready' }));
  app.get('/api/categories', (c) => {
    state.reads.categories++;
    if (state.failNextCategories) {
      state.failNextCategories = false;
      return c.json({ message: 'Internal server error.' }, 500);
    }
    return c.json(state.categories);
  });
  app.get('/api/tags', (c) => {
    state.reads.tags++;
    return c.json(state.tags);
  });
  app.get('/api/questions/windows', async (c) => {
    state.reads.windows++;
    return c.json(
      (await experts()).map(({ userId }) => ({
        creatorId: userId,
        opensAt: '2026-11-23T15:00:00.000Z',
        closesAt: '2026-11-24T15:00:00.000Z',
        capacity: 10,
        remaining: state.remaining,
      })),
    );
  });
  app.post('/api/admin/categories', async (c) => {
    const { name } = await c.req.json<{ name: string }>();
    const category = { id: state.categories.length + 1, name };
    state.categories.push(category);
    return c.json(category, 201);
  });
  app.post('/api/questions', (c) => {
    state.remaining--;
    return c.json({ questionId: 'q-1' }, 201);
  });
  return { app, state };
}

const names = (list: Named[]) => list.map((entry) => entry.name);

describe.each(testBackends())('public lists from the gateway’s memory ($name)', (backend) => {
  let identityExperts: () => Promise<Array<{ userId: number }>> = async () => [];
  const questions = questionsStandIn(() => identityExperts());
  const { state } = questions;

  // Long enough that only a renewal, never the memory lapsing, can explain a fresh list.
  const h = stackForSuite(() =>
    startStack(backend, {
      extra: [standIn('questions', questions.app)],
      env: { PUBLIC_LISTS_CACHE_MS: '60000' },
    }),
  );
  beforeAll(async () => {
    identityExperts = async () =>
      (await h.identity.app.request('/api/creators')).json() as Promise<Array<{ userId: number }>>;
  });
  beforeEach(() => {
    state.reads = { categories: 0, tags: 0, windows: 0 };
  });

  async function signedIn(username: string) {
    const browser = h.visitor();
    const login = await browser.post('/api/login', { username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return browser;
  }
  const remainingShown = async () =>
    (
      (await (await h.visitor().get('/api/creators')).json()) as Array<{
        window: { remaining: number };
      }>
    ).map((expert) => expert.window.remaining);

  it('asks the services once for the lists of many page views, by visitors and members alike', async () => {
    const member = await signedIn('member');
    const first = await Promise.all(
      ['/api/creators', '/api/categories', '/api/tags'].map(async (path) =>
        (await h.visitor().get(path)).json(),
      ),
    );
    for (let view = 0; view < 5; view++) {
      for (const browser of [h.visitor(), member]) {
        const [experts, categories, tags] = await Promise.all([
          browser.get('/api/creators'),
          browser.get('/api/categories'),
          browser.get('/api/tags'),
        ]);
        expect(experts.status).toBe(200);
        expect(experts.headers.get('content-type')).toMatch(/^application\/json/);
        expect([await experts.json(), await categories.json(), await tags.json()]).toEqual(first);
      }
    }
    expect(state.reads).toEqual({ categories: 1, tags: 1, windows: 1 });

    // A query string is not the list every page view asks for: it goes to the service.
    await h.visitor().get('/api/categories?page=2');
    expect(state.reads.categories).toBe(2);
  });

  it('shows a write made through the gateway on the very next read', async () => {
    await h.visitor().get('/api/categories');
    const admin = await signedIn('admin');
    const created = await admin.post('/api/admin/categories', { name: 'Radar returns' });
    expect(created.status).toBe(201);
    expect(names(await (await h.visitor().get('/api/categories')).json())).toContain(
      'Radar returns',
    );

    const before = await remainingShown();
    const member = await signedIn('member');
    expect((await member.post('/api/questions', { title: 'A question' })).status).toBe(201);
    expect(await remainingShown()).toEqual(before.map((remaining) => remaining - 1));
  });

  it('shows a change announced on the bus (a write through another gateway) at once', async () => {
    await h.visitor().get('/api/tags');
    state.tags.push({ id: 2, name: 'triangle' });
    // Nothing announced it yet: the list is still served from memory.
    expect(names(await (await h.visitor().get('/api/tags')).json())).toEqual(['radar']);
    await h.bus.bus.publish(
      QUESTIONS_STREAM,
      createEvent(TaxonomyChanged, { kind: 'tag', change: 'created', id: 2, name: 'triangle' }),
    );
    await eventually(
      async () =>
        expect(names(await (await h.visitor().get('/api/tags')).json())).toContain('triangle'),
      { timeoutMs: 2000 },
    );

    // Each event renews the list: a place taken behind this gateway's back (in `state`) shows
    // only once one arrives.
    const renewing: Array<[string, EventEnvelope]> = [
      [
        QUESTIONS_STREAM,
        createEvent(QuestionSubmitted, {
          questionId: 'q-2',
          askerId: 1,
          askerUsername: 'member',
          requestedExpertId: 2,
          title: 'A question',
          content: 'What did the radar show?',
          context: null,
          sources: null,
          categoryId: 1,
          categoryName: 'Sightings',
          tags: [],
          submittedAt: new Date().toISOString(),
        }),
      ],
      [
        IDENTITY_STREAM,
        createEvent(CreatorApproved, {
          creatorId: 99,
          userId: 99,
          brandName: null,
          bio: null,
          firstName: null,
          lastName: null,
          questionsPerWeek: 10,
        }),
      ],
      // An expert delisted (or listed again) through any gateway renews the list too.
      [
        IDENTITY_STREAM,
        createEvent(CreatorListingChanged, {
          creatorId: 99,
          userId: 99,
          listed: false,
          reason: 'delisted',
        }),
      ],
    ];
    const before = await remainingShown();
    for (const [taken, [stream, event]] of renewing.entries()) {
      state.remaining--;
      expect(await remainingShown()).toEqual(before.map((left) => left - taken));
      await h.bus.bus.publish(stream, event);
      await eventually(
        async () => expect(await remainingShown()).toEqual(before.map((left) => left - taken - 1)),
        { timeoutMs: 2000 },
      );
    }
  });

  it('keeps no failed answer: the next read asks again', async () => {
    await h.bus.bus.publish(
      QUESTIONS_STREAM,
      createEvent(TaxonomyChanged, { kind: 'category', change: 'created', id: 9, name: 'x' }),
    );
    await eventually(async () => {
      const reads = state.reads.categories;
      await h.visitor().get('/api/categories');
      expect(state.reads.categories).toBe(reads + 1);
    });
    state.failNextCategories = true;
    await h.bus.bus.publish(
      QUESTIONS_STREAM,
      createEvent(TaxonomyChanged, { kind: 'category', change: 'deleted', id: 9, name: 'x' }),
    );
    await eventually(async () =>
      expect((await h.visitor().get('/api/categories')).status).toBe(500),
    );
    const answered = await h.visitor().get('/api/categories');
    expect(answered.status).toBe(200);
    expect(names(await answered.json())).toContain('Sightings');
  });
  it('drops a delisted or demoted expert on the very next read, and lists them again', async () => {
    const admin = await signedIn('admin');
    const listed = async () =>
      (await (await h.visitor().get('/api/creators')).json()) as Array<{
        id: number;
        userId: number;
      }>;
    const [first, second] = await listed();
    expect((await admin.post(`/api/admin/creator-profiles/${first!.id}/delist`)).status).toBe(200);
    expect((await listed()).map((expert) => expert.userId)).not.toContain(first!.userId);
    const demoted = await admin.patch(`/api/admin/users/${second!.userId}/role`, {
      role: 'user',
      reason: 'Staffing change',
    });
    expect(demoted.status).toBe(200);
    expect((await listed()).map((expert) => expert.userId)).not.toContain(second!.userId);
    expect((await admin.post(`/api/admin/creator-profiles/${first!.id}/relist`)).status).toBe(200);
    expect((await listed()).map((expert) => expert.userId)).toContain(first!.userId);
  });
});
