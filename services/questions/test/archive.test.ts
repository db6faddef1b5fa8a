import { QUESTIONS_STREAM, TaxonomyChanged } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedQuestion,
  publishApproval,
  SAMPLE_ANSWER,
  startQuestionsStack,
} from './harness.js';

interface ApiQuestion {
  id: string;
  status: string;
  categoryId: number;
  tagIds: number[];
  assignedExpertId: number;
  answer: { content: string } | null;
  moderationNotes: string | null;
}

describe.each(testBackends())('the public archive ($name)', (backend) => {
  let total: number;

  const list = async (query: string, browser = stack.visitor()) => {
    const response = await browser.get(`/api/questions${query}`);
    expect(response.status).toBe(200);
    return {
      questions: (await response.json()) as ApiQuestion[],
      total: Number(response.headers.get('x-total-count')),
      next: response.headers.get('x-next-cursor'),
    };
  };

  /** A member's question, approved, waiting for its answer: it must never show in the archive. */
  async function unansweredQuestion() {
    const member = await stack.member();
    const experts = await stack.experts();
    const categories = await (await stack.visitor().get('/api/categories')).json();
    const tags = await (await stack.visitor().get('/api/tags')).json();
    const response = await member.post('/api/questions', {
      assignedCreatorId: experts[0]!.userId,
      categoryId: categories[0].id,
      title: 'An unanswered question about zygomorphic lights',
      content: 'This one is approved but nobody has answered it yet.',
      tagIds: [tags[0].id],
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    await publishApproval(stack.bus.bus, {
      questionId: id,
      askerId: member.id,
      assignedExpertId: experts[0]!.userId,
    });
    return { id, member, expertUsername: 'dana' };
  }

  const stack = stackForSuite(() => startQuestionsStack(backend));
  beforeAll(async () => {
    total = (await list('')).total;
  });

  it('holds the demo archive: answered questions only, 15 a page by default', async () => {
    expect(total).toBeGreaterThanOrEqual(30);
    const page = await list('');
    expect(page.questions).toHaveLength(15);
    expect(page.questions.every((q) => q.status === 'answered' && q.answer)).toBe(true);
    expect(page.questions.every((q) => q.moderationNotes === null)).toBe(true);
  });

  it('shows visitors and members without a subscription at most 100 characters of an answer, and subscribers all of it', async () => {
    const anonymous = await list('?limit=100');
    const long = anonymous.questions.filter((q) => q.answer!.content.endsWith('...'));
    expect(long.length).toBeGreaterThan(0);
    for (const question of anonymous.questions) {
      expect(question.answer!.content.replace(/\.\.\.$/, '').length).toBeLessThanOrEqual(100);
    }
    const unsubscribed = await list('?limit=100', await stack.member({ subscribe: false }));
    expect(unsubscribed.questions).toEqual(anonymous.questions);
    const subscriber = await stack.member();
    const full = await eventually(async () => {
      const page = await list('?limit=100', subscriber);
      expect(
        page.questions.find((q) => q.id === long[0]!.id)!.answer!.content.length,
      ).toBeGreaterThan(100);
      return page;
    });
    const sample = full.questions.find((q) => q.id === long[0]!.id)!;
    expect(sample.answer!.content.startsWith(long[0]!.answer!.content.replace(/\.\.\.$/, ''))).toBe(
      true,
    );
  });

  it('never lists an unanswered question, even when searched for', async () => {
    const { id } = await unansweredQuestion();
    const searched = await list('?search=recalibrated');
    expect(searched.questions.map((q) => q.id)).not.toContain(id);
    const zygomorphic = await list('?search=zygomorphic');
    expect(zygomorphic.questions.map((q) => q.id)).not.toContain(id);
    expect(zygomorphic.total).toBe(0);
  });

  it('finds a word anywhere in an answer for subscribers, and only in its preview for everyone else', async () => {
    const shown = (q: ApiQuestion & { title?: string; content?: string }) =>
      `${q.title} ${q.content} ${q.answer!.content}`;
    // In the preview of an answer: everyone finds it.
    const inPreview = await list('?search=recalibrated');
    expect(inPreview.total).toBeGreaterThan(0);
    expect(inPreview.questions.every((q) => /recalibrated/i.test(shown(q)))).toBe(true);
    // Only past the preview of some answers: found by subscribers alone.
    const subscriber = await stack.member();
    const full = await eventually(async () => {
      const found = await list('?search=critics&limit=100', subscriber);
      expect(found.total).toBeGreaterThan(0);
      return found;
    });
    expect(full.questions.every((q) => /critics/i.test(q.answer!.content))).toBe(true);
    for (const reader of [stack.visitor(), await stack.member({ subscribe: false })]) {
      const hidden = await list('?search=critics&limit=100', reader);
      expect(hidden).toEqual({ questions: [], total: 0, next: null });
    }
  });

  it('combines filters: category AND expert AND any of the topics AND search', async () => {
    const everything = (await list('?limit=100')).questions;
    const sample = everything[0]!;
    const tagId = sample.tagIds[0]!;
    const combined = await list(
      `?categoryId=${sample.categoryId}&creatorId=${sample.assignedExpertId}&tagIds=${tagId},999999&limit=100`,
    );
    const expected = everything.filter(
      (q) =>
        q.categoryId === sample.categoryId &&
        q.assignedExpertId === sample.assignedExpertId &&
        q.tagIds.includes(tagId),
    );
    expect(combined.questions.map((q) => q.id).sort()).toEqual(expected.map((q) => q.id).sort());
    expect(combined.total).toBe(expected.length);
    expect((await list(`?categoryId=${sample.categoryId}&search=nothingmatcheszzz`)).total).toBe(0);
  });

  it('walks every page by cursor without repeats or gaps while new answers arrive', async () => {
    const before = new Set((await list('?limit=100')).questions.map((q) => q.id));
    const { id, expertUsername } = await unansweredQuestion();
    const expert = await stack.signedIn(expertUsername);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.questions.map((q) => q.id));
      cursor = page.next;
      pages++;
      if (pages === 2) {
        // An answer lands mid-walk: it is newer than the cursor, so it must not shift the walk.
        await eventually(async () => {
          const response = await expert.post('/api/answers', {
            questionId: id,
            content: `Answered during the walk. ${SAMPLE_ANSWER}`,
          });
          expect(response.status).toBe(201);
        });
      }
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(before);
  });

  it('walks search results by cursor too', async () => {
    const all = await list('?search=radar&limit=100');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?search=radar&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.questions.map((q) => q.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all.questions.map((q) => q.id));
  });

  it.each([
    ['?limit=1000', 'limit'],
    ['?limit=0', 'limit'],
    ['?tagIds=radar', 'tagIds'],
    ['?categoryId=abc', 'categoryId'],
    ['?cursor=not-a-cursor', 'cursor'],
    [
      `?cursor=${Buffer.from(JSON.stringify({ a: new Date().toISOString(), i: "x' or 1=1" })).toString('base64url')}`,
      'cursor',
    ],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await stack.visitor().get(`/api/questions${query}`);
    expect(response.status).toBe(400);
    // A sentence that names the parameter (as the API spells it, or as words).
    const words = field.replace(/([a-z])([A-Z])/g, '$1 $2');
    expect((await response.json()).message).toMatch(
      new RegExp(`^(${field}|${words})\\b.*\\.$`, 'i'),
    );
  });

  it('manages categories and topics: admin only, unique names, categories in use kept', async () => {
    const admin = await stack.signedIn('admin');
    const announced = await recordEvents(stack.bus.bus, QUESTIONS_STREAM, [TaxonomyChanged.type]);
    const member = await stack.member({ subscribe: false });
    expect((await member.post('/api/admin/categories', { name: 'Ghost lights' })).status).toBe(403);
    expect(
      (await stack.visitor().post('/api/admin/categories', { name: 'Ghost lights' })).status,
    ).toBe(401);
    const blank = await admin.post('/api/admin/categories', { name: '   ' });
    expect(blank.status).toBe(400);
    const created = await admin.post('/api/admin/categories', {
      name: 'Ghost lights',
      description: '',
    });
    expect(created.status).toBe(201);
    const category = await created.json();
    expect((await admin.post('/api/admin/categories', { name: 'ghost LIGHTS' })).status).toBe(400);
    const inUse = (await (await stack.visitor().get('/api/categories')).json()).find(
      (c: { name: string }) => c.name === 'Physical',
    );
    const refused = await admin.delete(`/api/admin/categories/${inUse.id}`);
    expect(refused.status).toBe(409);
    expect((await admin.delete(`/api/admin/categories/${category.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/categories/${category.id}`)).status).toBe(404);

    const topic = await (await admin.post('/api/admin/tags', { name: 'Ball lightning' })).json();
    expect(topic).toMatchObject({ name: 'Ball lightning', description: null });
    expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);
    const tags = await (await stack.visitor().get('/api/tags')).json();
    expect(tags.map((t: { id: number }) => t.id)).not.toContain(topic.id);

    // Each change that happened is announced once, under the admin (identity's audit log keeps
    // it); refusals are not.
    const change = (kind: string, change: string, name: string) =>
      expect.objectContaining({ kind, change, name, changedBy: admin.id });
    await eventually(() =>
      expect(announced.data()).toEqual([
        change('category', 'created', 'Ghost lights'),
        change('category', 'deleted', 'Ghost lights'),
        change('tag', 'created', 'Ball lightning'),
        change('tag', 'deleted', 'Ball lightning'),
      ]),
    );
    await announced.stop();
  });

  it('lists categories and topics for the admin with how many questions carry each', async () => {
    const admin = await stack.signedIn('admin');
    const member = await stack.member({ subscribe: false });
    expect((await member.get('/api/admin/tags')).status).toBe(403);
    expect((await stack.visitor().get('/api/admin/categories')).status).toBe(401);

    const topic = await (await admin.post('/api/admin/tags', { name: 'Counted orbs' })).json();
    const usage = async (path: string, id: number) =>
      ((await (await admin.get(path)).json()) as Array<{ id: number; questionCount: number }>).find(
        (item) => item.id === id,
      )?.questionCount;
    expect(await usage('/api/admin/tags', topic.id)).toBe(0);
    const { id: questionId } = await approvedQuestion(stack, topic.id, 'Who counted the orbs?');
    expect(questionId).toEqual(expect.any(String));
    expect(await usage('/api/admin/tags', topic.id)).toBe(1);

    const categories = (await (await admin.get('/api/admin/categories')).json()) as Array<{
      id: number;
      name: string;
      description: string | null;
      questionCount: number;
    }>;
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) {
      expect(category).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        description: category.description,
        questionCount: expect.any(Number),
      });
    }
    expect(categories.reduce((sum, c) => sum + c.questionCount, 0)).toBeGreaterThan(0);

    // Deleting a topic in use takes it off its questions (the admin confirms that first).
    expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);
    expect(await usage('/api/admin/tags', topic.id)).toBeUndefined();
  });

  it("reports the archive's figures for the platform's", async () => {
    const stats = await (await stack.visitor().get('/api/questions/stats')).json();
    expect(stats).toMatchObject({
      totalQuestions: expect.any(Number),
      questionsAnswered: expect.any(Number),
      questionsThisMonth: expect.any(Number),
    });
    expect(stats.questionsAnswered).toBeGreaterThanOrEqual(total);
  });
});
