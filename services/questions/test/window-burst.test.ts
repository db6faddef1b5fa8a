import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { credits, startQuestionsStack } from './harness.js';

describe.each(testBackends())('a burst at a small window ($name)', (backend) => {
  const stack = stackForSuite(() => startQuestionsStack(backend));

  it('accepts exactly the capacity out of 300 simultaneous submissions, charging only those', async () => {
    const experts = await stack.experts();
    const expert = experts.reduce((smallest, e) =>
      e.questionsPerWeek < smallest.questionsPerWeek ? e : smallest,
    );
    const categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    const tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
    // Many members press Ask at once; each may hold only a few places, so the burst comes from
    // several of them, each able to pay for the whole window.
    const members = await Promise.all(
      Array.from({ length: 3 }, () => stack.member({ packs: ['bulk'] })),
    );
    for (const member of members) expect(await credits(member)).toBe(13);

    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        members[n % members.length]!.post('/api/questions', {
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
    const refusals = await Promise.all(
      responses.filter((response) => response.status === 409).map((response) => response.json()),
    );
    expect(refusals.some((refusal) => /window is full/.test(refusal.message))).toBe(true);
    let charged = 0;
    let stored = 0;
    for (const member of members) {
      charged += 13 - (await credits(member));
      stored += (await (await member.get('/api/my-questions?limit=100')).json()).length;
    }
    expect(charged).toBe(expert.questionsPerWeek);
    expect(stored).toBe(expert.questionsPerWeek);
    const window = (await stack.creators()).find(
      (c: { userId: number }) => c.userId === expert.userId,
    )!.window;
    expect(window.remaining).toBe(0);
  });
});
