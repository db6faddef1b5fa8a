import {
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  QUESTIONS_STREAM,
  QuestionAnswered,
  QuestionOverdue,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  credits,
  publishApproval,
  publishRejection,
  type QuestionsStack,
  SAMPLE_ANSWER,
  startQuestionsStack,
} from './harness.js';

const HOUR_MS = 3600 * 1000;

/**
 * Business rules a determined user might try to bend: the 72-hour deadline, the window places a
 * member may hold, and asking, assigning or answering one's own question.
 */
describe.each(testBackends())('rules that hold against abuse ($name)', (backend) => {
  let categoryId: number;
  let tagIds: number[];
  let experts: Awaited<ReturnType<QuestionsStack['experts']>>;
  const ask = (expertId: number) => ({
    assignedCreatorId: expertId,
    categoryId,
    title: 'What did the carrier radar operators see?',
    content: 'Looking for the sequence of radar events during the encounter.',
    tagIds,
  });
  const windowOf = async (expertId: number) => {
    const experts = await stack.creators();
    return experts.find((c: { userId: number }) => c.userId === expertId)!.window as {
      remaining: number;
      capacity: number;
    };
  };
  const statusOf = async (browser: Browser, id: string) =>
    (await (await browser.get('/api/my-questions?limit=50')).json()).find(
      (q: { id: string }) => q.id === id,
    )?.status;

  const stack = stackForSuite(() => startQuestionsStack(backend));
  beforeAll(async () => {
    experts = await stack.experts();
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagIds = [(await (await stack.visitor().get('/api/tags')).json())[0].id];
  });

  it('refuses an answer past the deadline even before any sweep, and announces it overdue once', async () => {
    const answered: string[] = [];
    const overdue: string[] = [];
    const watcher = await stack.bus.bus.watch({
      stream: QUESTIONS_STREAM,
      types: [QuestionAnswered.type, QuestionOverdue.type],
      handler: async (event) => {
        const { questionId } = event.data as { questionId: string };
        (event.type === QuestionAnswered.type ? answered : overdue).push(questionId);
      },
    });
    try {
      const member = await stack.member();
      const dana = await stack.signedIn('dana');
      const asked = await member.post('/api/questions', ask(dana.id));
      expect(asked.status).toBe(201);
      const { id } = await asked.json();
      expect(await credits(member)).toBe(2);
      // Approved 74 hours ago: its deadline passed two hours ago.
      await publishApproval(stack.bus.bus, {
        questionId: id,
        askerId: member.id,
        assignedExpertId: dana.id,
        approvedAt: new Date(Date.now() - 74 * HOUR_MS).toISOString(),
      });
      await eventually(async () => expect(await statusOf(member, id)).toBe('approved'));

      const late = await dana.post('/api/answers', {
        questionId: id,
        content: SAMPLE_ANSWER,
      });
      expect(late.status).toBe(409);
      expect((await late.json()).message).toMatch(/72-hour answer deadline .* has passed/);

      // Announced at the deadline, without waiting for the periodic sweep (every minute here):
      // billing refunds what is announced overdue.
      await eventually(() => expect(overdue.filter((q) => q === id)).toHaveLength(1));
      expect(await stack.questions.sweepOverdue()).toBe(0);
      const mine = (await (await member.get('/api/my-questions')).json()).find(
        (q: { id: string }) => q.id === id,
      );
      expect(mine.status).toBe('approved');
      expect(answered).not.toContain(id);
      expect(overdue.filter((q) => q === id)).toHaveLength(1);
    } finally {
      await watcher.stop();
    }
  });

  it('gives a rejected question its window place back', async () => {
    const member = await stack.member();
    const expert = experts[1]!;
    const before = await windowOf(expert.userId);
    const { id } = await (await member.post('/api/questions', ask(expert.userId))).json();
    expect((await windowOf(expert.userId)).remaining).toBe(before.remaining - 1);
    await publishRejection(stack.bus.bus, {
      questionId: id,
      askerId: member.id,
      moderationNotes: 'Off topic.',
    });
    await eventually(async () => expect(await statusOf(member, id)).toBe('rejected'));
    await eventually(async () =>
      expect((await windowOf(expert.userId)).remaining).toBe(before.remaining),
    );
  });

  it(`lets one member hold at most ${MAX_PLACES_PER_MEMBER_PER_WINDOW} places in one window, refusing more at no cost`, async () => {
    const member = await stack.member({ packs: ['small'] });
    const expert = experts[0]!;
    const ids: string[] = [];
    for (let n = 0; n < MAX_PLACES_PER_MEMBER_PER_WINDOW; n++) {
      const asked = await member.post('/api/questions', ask(expert.userId));
      expect(asked.status).toBe(201);
      ids.push((await asked.json()).id);
    }
    const creditsLeft = await credits(member);
    const remaining = (await windowOf(expert.userId)).remaining;
    const refused = await member.post('/api/questions', ask(expert.userId));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      `You already hold ${MAX_PLACES_PER_MEMBER_PER_WINDOW} of the ${MAX_PLACES_PER_MEMBER_PER_WINDOW} places you may have in ${expert.user.firstName}'s window this week. Nothing was charged.`,
    );
    expect(await credits(member)).toBe(creditsLeft);
    expect((await windowOf(expert.userId)).remaining).toBe(remaining);
    expect(await (await member.get('/api/my-questions/places')).json()).toEqual([
      {
        creatorId: expert.userId,
        held: MAX_PLACES_PER_MEMBER_PER_WINDOW,
        limit: MAX_PLACES_PER_MEMBER_PER_WINDOW,
      },
    ]);
    // Another expert's window is not affected.
    expect((await member.post('/api/questions', ask(experts[2]!.userId))).status).toBe(201);

    // A rejection gives the member's place back too.
    await publishRejection(stack.bus.bus, {
      questionId: ids[0]!,
      askerId: member.id,
      moderationNotes: 'Off topic.',
    });
    await eventually(async () => expect(await statusOf(member, ids[0]!)).toBe('rejected'));
    expect((await member.post('/api/questions', ask(expert.userId))).status).toBe(201);
  });

  it('refuses an expert asking themselves, and answering a question they asked', async () => {
    const marcus = await stack.signedIn('marcus');
    const self = await marcus.post('/api/questions', ask(marcus.id));
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe(
      'You cannot ask yourself a question; choose another expert.',
    );

    // Marcus, with credits, asks Theo; a question he asked assigned to himself stays his to ask.
    await stack.billing.subscribe(marcus.id);
    const theo = experts.find((e) => e.user.firstName === 'Theo')!;
    const asked = await marcus.post('/api/questions', ask(theo.userId));
    expect(asked.status).toBe(201);
    const { id } = await asked.json();
    await publishApproval(stack.bus.bus, {
      questionId: id,
      askerId: marcus.id,
      assignedExpertId: marcus.id,
    });
    await eventually(async () => expect(await statusOf(marcus, id)).toBe('approved'));
    const answered = await marcus.post('/api/answers', {
      questionId: id,
      content: SAMPLE_ANSWER,
    });
    expect(answered.status).toBe(403);
    expect((await answered.json()).message).toBe('You cannot answer a question you asked.');
    expect(await statusOf(marcus, id)).toBe('approved');
  });
});
