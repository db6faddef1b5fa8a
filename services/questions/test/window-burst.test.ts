import { testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credits, type QuestionsStack, startQuestionsStack } from './harness.js';

describe.each(testBackends())('a burst at a small window ($name)', (backend) => {
  let stack: QuestionsStack;
  beforeAll(async () => {
    stack = await startQuestionsStack(backend);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('accepts exactly the capacity out of 300 simultaneous submissions, charging only those', async () => {
    const experts = await stack.experts();
    const expert = experts.reduce((smallest, e) =>
      e.questionsPerWeek < smallest.questionsPerWeek ? e : smallest,
    );
    const categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    const tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
    const member = await stack.member({ packs: ['bulk'] });
    expect(await credits(member)).toBe(13);

    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        member.post('/api/questions', {
          assignedCreatorId: expert.userId,
          categoryId,
          title: `Burst question number ${n} about the lights`,
          content: 'Many members press Ask at the moment the window opens.',
          tagIds: [tagId],
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(expert.questionsPerWeek);
    expect(statuses.filter((status) => status === 409)).toHaveLength(300 - expert.questionsPerWeek);
    const refusal = await responses.find((response) => response.status === 409)!.json();
    expect(refusal.message).toMatch(/window is full/);
    expect(await credits(member)).toBe(13 - expert.questionsPerWeek);
    const mine = await (await member.get('/api/my-questions?limit=100')).json();
    expect(mine).toHaveLength(expert.questionsPerWeek);
    const window = (await (await stack.visitor().get('/api/creators')).json()).find(
      (c: { userId: number }) => c.userId === expert.userId,
    ).window;
    expect(window.remaining).toBe(0);
  });
});
