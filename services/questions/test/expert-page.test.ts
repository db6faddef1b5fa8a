import { EXPERT_TOPICS_SHOWN, type ExpertRecord, MIN_RATINGS_SHOWN } from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, approvedQuestion, DEMO_EXPERTS, startQuestionsStack } from './harness.js';

/** Questions' record of an expert's answers, which an expert's page shows beside the profile. */
describe.each(testBackends())("an expert's record ($name)", (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));
  const [dana, marcus] = DEMO_EXPERTS;
  let tagId: number;

  beforeAll(async () => {
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
  });

  const record = async (userId: number) => {
    const response = await stack.visitor().get(`/api/questions/experts/${userId}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ExpertRecord;
  };
  /** How many of the expert's questions the archive itself counts. */
  const archived = async (userId: number) =>
    Number(
      (await stack.visitor().get(`/api/questions?creatorId=${userId}&limit=1`)).headers.get(
        'x-total-count',
      ),
    );

  it("counts the archive's answers, and topics most frequent first", async () => {
    const counted = await record(dana!.userId);
    expect(counted.answeredCount).toBeGreaterThan(0);
    expect(counted.answeredCount).toBe(await archived(dana!.userId));
    expect(counted.topics.length).toBeGreaterThan(0);
    expect(counted.topics.length).toBeLessThanOrEqual(EXPERT_TOPICS_SHOWN);
    const counts = counted.topics.map((topic) => topic.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it(`counts each new answer, and shows a rating only from ${MIN_RATINGS_SHOWN} ratings on, to one decimal`, async () => {
    const before = await record(dana!.userId);
    expect(before).toMatchObject({ rating: null, ratingCount: 0 });

    const stars = [5, 4, 4];
    for (const [index, given] of stars.entries()) {
      const { id, asker } = await approvedQuestion(
        stack,
        tagId,
        `Which radar logged the return number ${index}?`,
      );
      await answer(stack, id);
      if (index === 0) {
        const counted = await record(dana!.userId);
        expect(counted.answeredCount).toBe(before.answeredCount + 1);
        expect(counted.answeredCount).toBe(await archived(dana!.userId));
      }
      const rated = await asker.post(`/api/questions/${id}/rating`, { stars: given });
      expect(rated.status).toBe(201);
      const now = await record(dana!.userId);
      expect(now.ratingCount).toBe(index + 1);
      // One or two ratings are not shown: too few to say anything of the expert.
      expect(now.rating).toBe(index + 1 < MIN_RATINGS_SHOWN ? null : 4.3);
    }
    // Another expert's record keeps its own figures.
    expect(await record(marcus!.userId)).toMatchObject({ rating: null, ratingCount: 0 });
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
