import { MIN_ANSWER_LENGTH, QuestionAnswered, QuestionSubmitted } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  credits,
  publishApproval,
  type QuestionsStack,
  SAMPLE_ANSWER,
  startQuestionsStack,
} from './harness.js';

describe.each(testBackends())('asking and answering ($name)', (backend) => {
  let categoryId: number;
  let tagIds: number[];
  let experts: Awaited<ReturnType<QuestionsStack['experts']>>;
  const ask = (expertId: number, overrides: Record<string, unknown> = {}) => ({
    assignedCreatorId: expertId,
    categoryId,
    title: 'What did the carrier radar operators see?',
    content: 'Looking for the sequence of radar events during the encounter.',
    context: 'Read about it in a newspaper.',
    sources: '',
    tagIds,
    ...overrides,
  });
  const approve = (questionId: string, askerId: number, assignedExpertId: number) =>
    publishApproval(stack.bus.bus, {
      questionId,
      askerId,
      assignedExpertId,
      moderationNotes: 'Good question, reassigned.',
    });

  /** An expert whose current window still has `places` places. */
  async function expertWithRoom(places: number) {
    const listed = await stack.creators();
    const roomy = listed.find(
      (c: { window: { remaining: number } }) => c.window.remaining >= places,
    );
    if (!roomy) throw new Error(`no expert has ${places} places left this week`);
    return experts.find((e) => e.userId === roomy.userId)!;
  }

  const stack = stackForSuite(() => startQuestionsStack(backend));
  beforeAll(async () => {
    experts = await stack.experts();
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagIds = (await (await stack.visitor().get('/api/tags')).json())
      .slice(0, 2)
      .map((tag: { id: number }) => tag.id);
  });

  it.each([
    [{ assignedCreatorId: undefined }, 'Please select an expert'],
    [{ categoryId: '1' }, 'Please select a category'],
    [{ title: 'Too short' }, 'Question must be at least 10 characters'],
    [{ content: 'Short.' }, 'Please provide more details'],
    [{ tagIds: [] }, 'Please select at least one tag'],
    [
      { title: 'What did the radar\nshow over the carrier?' },
      'The question must be a single line of text, without line breaks or control characters.',
    ],
    [
      { content: 'Looking for the sequence of radar events\u001b[2J during the encounter.' },
      'Details may contain line breaks and tabs but no other control characters.',
    ],
  ])("refuses a bad question with the form's message %#", async (overrides, message) => {
    const member = await stack.member();
    const response = await member.post('/api/questions', ask(experts[0]!.userId, overrides));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(message);
    expect(await credits(member)).toBe(3);
  });

  it.each([
    [() => ({ assignedCreatorId: 999_999 }), 'Please select an expert'],
    [() => ({ categoryId: 999_999 }), 'Please select a category'],
    [() => ({ tagIds: [tagIds[0], 999_999] }), 'Please select at least one tag'],
  ])(
    'refuses an expert, category or topic that does not exist, charging nothing %#',
    async (overrides, message) => {
      const member = await stack.member();
      const response = await member.post('/api/questions', ask(experts[0]!.userId, overrides()));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(message);
      expect(await credits(member)).toBe(3);
      expect(await (await member.get('/api/my-questions')).json()).toEqual([]);
    },
  );

  it('needs a session, then an active subscription, and stores nothing when refused', async () => {
    expect((await stack.visitor().post('/api/questions', ask(experts[0]!.userId))).status).toBe(
      401,
    );
    const member = await stack.member({ subscribe: false });
    const refused = await member.post('/api/questions', ask(experts[0]!.userId));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/subscription/);
    expect(await (await member.get('/api/my-questions')).json()).toEqual([]);
  });

  it('debits one credit, stores a pending question and announces it', async () => {
    const submitted = await recordEvents(stack.bus.bus, 'questions', [QuestionSubmitted.type]);
    const member = await stack.member();
    const response = await member.post('/api/questions', ask(experts[0]!.userId));
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await credits(member)).toBe(2);
    const mine = await (await member.get('/api/my-questions?limit=5')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id,
      status: 'pending',
      answer: null,
      category: { name: expect.any(String) },
    });
    expect(mine[0].tags.map((tag: { id: number }) => tag.id).sort()).toEqual([...tagIds].sort());
    await eventually(() =>
      expect(submitted.data()).toContainEqual(
        expect.objectContaining({
          questionId: id,
          askerId: member.id,
          requestedExpertId: experts[0]!.userId,
          categoryId,
          categoryName: expect.any(String),
          // Moderators see each chosen topic by name.
          tags: expect.arrayContaining(
            tagIds.map((tagId) => ({ id: tagId, name: expect.any(String) })),
          ),
        }),
      ),
    );
    await submitted.stop();
  });

  it('refuses a question without credits, at no cost to the window', async () => {
    const member = await stack.member();
    const expert = await expertWithRoom(4);
    // One member holds two places in one window at most: two credits go to another expert.
    const other = (await stack.creators()).find(
      (c: { userId: number; window: { remaining: number } }) =>
        c.userId !== expert.userId && c.window.remaining >= 2,
    )!.userId as number;
    for (const to of [other, other, expert.userId])
      expect((await member.post('/api/questions', ask(to))).status).toBe(201);
    const windowBefore = (await stack.creators()).find(
      (c: { userId: number }) => c.userId === expert.userId,
    )!.window;
    const broke = await member.post('/api/questions', ask(expert.userId));
    expect(broke.status).toBe(402);
    expect((await broke.json()).message).toMatch(/credits/);
    const windowAfter = (await stack.creators()).find(
      (c: { userId: number }) => c.userId === expert.userId,
    )!.window;
    expect(windowAfter.remaining).toBe(windowBefore.remaining);
  });

  it('refuses a full window clearly and charges nothing; the windows list shows it', async () => {
    const expert = experts.reduce((smallest, e) =>
      e.questionsPerWeek < smallest.questionsPerWeek ? e : smallest,
    );
    const member = await stack.member({ packs: ['bulk'] });
    const window = (await stack.creators()).find(
      (c: { userId: number }) => c.userId === expert.userId,
    )!.window;
    expect(window).toMatchObject({
      capacity: expert.questionsPerWeek,
      opensAt: expect.any(String),
      closesAt: expect.any(String),
    });
    for (let n = 0; n < window.remaining; n++) {
      expect((await member.post('/api/questions', ask(expert.userId))).status).toBe(201);
    }
    const before = await credits(member);
    const full = await member.post('/api/questions', ask(expert.userId));
    expect(full.status).toBe(409);
    expect((await full.json()).message).toMatch(/window is full/);
    expect(await credits(member)).toBe(before);
  });

  it('runs ask → approve (another expert, with notes) → answer → archive, once', async () => {
    const member = await stack.member();
    const asked = experts[0]!;
    const assigned = experts[1]!;
    const { id } = await (
      await member.post(
        '/api/questions',
        ask(asked.userId, { title: 'Which radar logs were kept aboard?' }),
      )
    ).json();
    await approve(id, member.id, assigned.userId);

    const expertUser = await stack.signedIn(
      ['dana', 'marcus', 'theo', 'evelyn', 'graham'][experts.indexOf(assigned)]!,
    );
    const assignedList = await eventually(async () => {
      const list = await (await expertUser.get('/api/creator/questions')).json();
      expect(list.map((q: { id: string }) => q.id)).toContain(id);
      return list;
    });
    const mine = assignedList.find((q: { id: string }) => q.id === id);
    expect(mine).toMatchObject({
      status: 'approved',
      moderationNotes: 'Good question, reassigned.',
      assignedExpertId: assigned.userId,
    });
    expect(Date.parse(mine.dueAt) - Date.now()).toBeGreaterThan(71 * 3600 * 1000);

    const other = await stack.signedIn(
      ['dana', 'marcus', 'theo', 'evelyn', 'graham'][experts.indexOf(asked)]!,
    );
    expect(
      (await other.post('/api/answers', { questionId: id, content: SAMPLE_ANSWER })).status,
    ).toBe(403);
    expect((await expertUser.post('/api/answers', { questionId: id, content: '   ' })).status).toBe(
      400,
    );
    expect(
      (await member.post('/api/answers', { questionId: id, content: SAMPLE_ANSWER })).status,
    ).toBe(403);

    const answeredEvents = await recordEvents(stack.bus.bus, 'questions', [QuestionAnswered.type]);
    const short = await expertUser.post('/api/answers', { questionId: id, content: 'The logs.' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe(
      `Answer must be at least ${MIN_ANSWER_LENGTH} characters.`,
    );
    const answer = `The logs were kept by the combat information centre and collected afterwards. ${SAMPLE_ANSWER}`;
    const [first, second] = await Promise.all([
      expertUser.post('/api/answers', { questionId: id, content: answer }),
      expertUser.post('/api/answers', { questionId: id, content: answer }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    await eventually(() => expect(answeredEvents.data()).toHaveLength(1));
    await answeredEvents.stop();

    const archive = await (
      await member.get(`/api/questions?creatorId=${assigned.userId}&search=combat`)
    ).json();
    expect(archive.map((q: { id: string }) => q.id)).toContain(id);
    expect(archive.find((q: { id: string }) => q.id === id).answer.content).toBe(answer);
    const mineNow = (await (await member.get('/api/my-questions')).json())[0];
    expect(mineNow).toMatchObject({ id, status: 'answered', answer: { content: answer } });
  });
});
