import type { ExpertPage } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { startQuestionsStack } from './harness.js';

/**
 * What the gateway composes from questions' figures and identity's profiles, and what identity
 * keeps of questions' events: the expert's page, the platform's figures, the audit log.
 */
describe.each(testBackends())("questions' figures beside identity's ($name)", (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  let danaId: number;
  /** The archive's size when the suite started. */
  let total: number;

  beforeAll(async () => {
    const [dana] = await stack.experts();
    danaId = dana!.userId;
    total = Number(
      (await stack.visitor().get('/api/questions?limit=1')).headers.get('x-total-count'),
    );
  });

  const page = async (handle: string, reader: Browser = stack.visitor()) => {
    const response = await reader.get(`/api/experts/${handle}`);
    expect(response.status, handle).toBe(200);
    return (await response.json()) as ExpertPage;
  };
  /** How many of the expert's questions the archive itself counts. */
  const archived = async (userId: number) =>
    Number(
      (await stack.visitor().get(`/api/questions?creatorId=${userId}&limit=1`)).headers.get(
        'x-total-count',
      ),
    );

  it('is found by handle in any case: the profile, the archive’s count of answers, topics', async () => {
    const dana = await page('dana');
    expect(dana).toMatchObject({
      userId: danaId,
      handle: 'dana',
      user: { firstName: 'Dana', lastName: 'Whitfield' },
      expertise: 'Government records, FOIA, military encounters',
      listed: true,
    });
    expect(dana.bio).toMatch(/^Investigative journalist/);
    expect(await page('DANA')).toEqual(dana);
    expect(await page('Dana')).toEqual(dana);

    expect(dana.answeredCount).toBeGreaterThan(0);
    expect(dana.answeredCount).toBe(await archived(danaId));
    // Their order and number are questions' record, checked in its suite.
    expect(dana.topics.length).toBeGreaterThan(0);
  });

  it('is a 404 with a sentence for a handle no one has and for a user who is not an expert', async () => {
    for (const handle of ['no-such-expert', 'member', 'moderator']) {
      const response = await stack.visitor().get(`/api/experts/${handle}`);
      expect(response.status, handle).toBe(404);
      expect((await response.json()).message, handle).toMatch(/No expert has that handle/);
    }
  });

  it('keeps each taxonomy change in the audit log once, under the admin', async () => {
    const admin = await stack.signedIn('admin');
    const created = await admin.post('/api/admin/categories', {
      name: 'Ghost lights',
      description: '',
    });
    expect(created.status).toBe(201);
    const category = await created.json();
    expect((await admin.delete(`/api/admin/categories/${category.id}`)).status).toBe(200);
    const topic = await (await admin.post('/api/admin/tags', { name: 'Ball lightning' })).json();
    expect((await admin.delete(`/api/admin/tags/${topic.id}`)).status).toBe(200);

    await eventually(async () => {
      const log = await admin.get('/api/admin/audit?action=taxonomy_changed&limit=200');
      const subjects = ((await log.json()) as Array<{ subject: string }>).map((e) => e.subject);
      expect(subjects.filter((subject) => /Ghost lights|Ball lightning/i.test(subject))).toEqual([
        'topic "Ball lightning" deleted',
        'topic "Ball lightning" created',
        'category "Ghost lights" deleted',
        'category "Ghost lights" created',
      ]);
    });
  });

  it('reports platform figures through the gateway', async () => {
    const stats = await (await stack.visitor().get('/api/platform-stats')).json();
    expect(stats).toMatchObject({
      experts: 5,
      questionsAnswered: expect.any(Number),
      members: expect.any(Number),
    });
    expect(stats.questionsAnswered).toBeGreaterThanOrEqual(total);
  });
});
