import {
  EXPERT_TOPICS_SHOWN,
  type ExpertPage,
  type ExpertRecord,
  MIN_RATINGS_SHOWN,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, approvedQuestion, startQuestionsStack } from './harness.js';

/**
 * Identity, billing, questions and the gateway: an expert's page, `GET /api/experts/<handle>`,
 * is identity's profile and questions' record of their answers.
 */
describe.each(testBackends())("an expert's page ($name)", (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  let tagId: number;
  let danaId: number;

  beforeAll(async () => {
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
    const [dana] = await stack.experts();
    danaId = dana!.userId;
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

  /** A member's question to Dana, answered by her: its id and its asker. */
  async function answeredByDana(title: string) {
    const asked = await approvedQuestion(stack, tagId, title);
    await answer(stack, asked.id);
    return asked;
  }

  it('is found by handle in any case: the profile, the archive’s count of answers, topics most frequent first', async () => {
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
    expect(dana.topics.length).toBeGreaterThan(0);
    expect(dana.topics.length).toBeLessThanOrEqual(EXPERT_TOPICS_SHOWN);
    const counts = dana.topics.map((topic) => topic.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('is a 404 with a sentence for a handle no one has and for a user who is not an expert', async () => {
    for (const handle of ['no-such-expert', 'member', 'moderator']) {
      const response = await stack.visitor().get(`/api/experts/${handle}`);
      expect(response.status, handle).toBe(404);
      expect((await response.json()).message, handle).toMatch(/No expert has that handle/);
    }
  });

  it(`counts each new answer, and shows a rating only from ${MIN_RATINGS_SHOWN} ratings on, to one decimal`, async () => {
    const before = await page('dana');
    expect(before).toMatchObject({ rating: null, ratingCount: 0 });

    const stars = [5, 4, 4];
    for (const [index, given] of stars.entries()) {
      const { id, asker } = await answeredByDana(`Which radar logged the return number ${index}?`);
      if (index === 0) {
        const counted = await page('dana');
        expect(counted.answeredCount).toBe(before.answeredCount + 1);
        expect(counted.answeredCount).toBe(await archived(danaId));
      }
      const rated = await asker.post(`/api/questions/${id}/rating`, { stars: given });
      expect(rated.status).toBe(201);
      const now = await page('dana');
      expect(now.ratingCount).toBe(index + 1);
      // One or two ratings are not shown: too few to say anything of the expert.
      expect(now.rating).toBe(index + 1 < MIN_RATINGS_SHOWN ? null : 4.3);
    }
    // Another expert's page keeps its own figures.
    expect(await page('marcus')).toMatchObject({ rating: null, ratingCount: 0 });
  });

  it("questions' record of a user id with no answers is zeros, and an id in no form given out a 400", async () => {
    const nobody = await stack.visitor().get('/api/questions/experts/999999');
    expect(nobody.status).toBe(200);
    expect((await nobody.json()) as ExpertRecord).toEqual({
      answeredCount: 0,
      rating: null,
      ratingCount: 0,
      topics: [],
    });
    for (const userId of ['abc', '0x10', '01']) {
      expect((await stack.visitor().get(`/api/questions/experts/${userId}`)).status, userId).toBe(
        400,
      );
    }
  });
});
