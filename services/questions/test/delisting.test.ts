import {
  CreatorListingChanged,
  createEvent,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  type Question,
  QuestionWithdrawn,
} from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { askedQuestion, postQuestion, questionAsSeen } from '../src/testing.js';
import {
  credits,
  DEMO_EXPERTS,
  publishApproval,
  publishRejection,
  SAMPLE_ANSWER,
  startQuestionsStack,
} from './harness.js';

/** Identity takes experts off the lists (an admin delisted or demoted them), or back on. */
describe.each(testBackends())('an expert no longer available ($name)', (backend) => {
  let asker: Browser & { id: number };
  let categoryId: number;
  let tagId: number;

  const expertNamed = (firstName: string) =>
    DEMO_EXPERTS.find((expert) => expert.firstName === firstName)!;
  const listing = (
    expert: { creatorId: number; userId: number },
    listed: boolean,
    reason: 'delisted' | 'relisted' | 'demoted',
  ) =>
    stack.bus.bus.publish(
      IDENTITY_STREAM,
      createEvent(CreatorListingChanged, {
        creatorId: expert.creatorId,
        userId: expert.userId,
        listed,
        reason,
      }),
    );
  const ask = (member: Browser, expertId: number, title: string) =>
    postQuestion(member, { expertId, categoryId, tagIds: [tagId], title });
  const asked = (member: Browser, expertId: number, title: string) =>
    askedQuestion(member, { expertId, categoryId, tagIds: [tagId], title });
  const mine = (id: string) => questionAsSeen<Question>(asker, id);

  /** Questions has taken in the change once the expert's window is gone from its list. */
  const questionsDropped = (expertId: number) =>
    eventually(async () => {
      const windows = (await (
        await stack.visitor().get('/api/questions/windows')
      ).json()) as Array<{
        creatorId: number;
      }>;
      expect(windows.map((window) => window.creatorId)).not.toContain(expertId);
    });

  const stack = stackForSuite(() => startQuestionsStack(backend));
  beforeAll(async () => {
    await stack.experts();
    asker = await stack.member({ packs: ['bulk'] });
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
  });

  it('delisting withdraws their approved questions at once, refuses asking them, keeps their answers', async () => {
    const theo = expertNamed('Theo');
    const withdrawn = await recordEvents(stack.bus.bus, QUESTIONS_STREAM, [QuestionWithdrawn.type]);
    const approvedId = await asked(asker, theo.userId, 'Which base logged the radar returns?');
    const pendingId = await asked(asker, theo.userId, 'Were the returns ever explained?');
    await publishApproval(stack.bus.bus, {
      questionId: approvedId,
      askerId: asker.id,
      assignedExpertId: theo.userId,
    });
    await eventually(async () => expect((await mine(approvedId)).status).toBe('approved'));
    const before = await credits(asker);

    await listing(theo, false, 'delisted');

    // The approved question is taken back, and announced for billing to refund; the pending one
    // waits for moderation.
    await eventually(async () => {
      const question = await mine(approvedId);
      expect(question.withdrawnAt).not.toBeNull();
      expect(question.creditRefunded).toBe(true);
    });
    await eventually(() =>
      expect(withdrawn.data()).toEqual([
        expect.objectContaining({ questionId: approvedId, askerId: asker.id }),
      ]),
    );
    expect(await mine(pendingId)).toMatchObject({ status: 'pending', creditRefunded: false });

    // Once questions has heard, asking them is refused before anything is charged.
    await questionsDropped(theo.userId);
    const refused = await ask(asker, theo.userId, 'Is the radar data public?');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'Theo no longer takes questions; please choose another expert. Nothing was charged.',
      field: 'assignedCreatorId',
    });
    expect(await credits(asker)).toBe(before);

    // They can no longer answer what was taken back.
    const theoSession = await stack.signedIn('theo');
    const late = await theoSession.post('/api/answers', {
      questionId: approvedId,
      content: SAMPLE_ANSWER,
    });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/withdrawn/);

    // Their past answers stay in the archive, under their name.
    const archive = (await (
      await stack.visitor().get(`/api/questions?creatorId=${theo.userId}`)
    ).json()) as Question[];
    expect(archive.length).toBeGreaterThan(0);
    expect(archive[0]!.creator).toMatchObject({ userId: theo.userId, firstName: 'Theo' });

    // An approval decided before moderation heard of the delisting is refunded at once too.
    await publishApproval(stack.bus.bus, {
      questionId: pendingId,
      askerId: asker.id,
      assignedExpertId: theo.userId,
    });
    await eventually(async () => {
      const question = await mine(pendingId);
      expect(question.withdrawnAt).not.toBeNull();
    });
    await eventually(() =>
      expect(withdrawn.data()).toEqual([
        expect.objectContaining({ questionId: approvedId }),
        expect.objectContaining({ questionId: pendingId, askerId: asker.id }),
      ]),
    );
    await withdrawn.stop();

    // Listed again: asked again, charged again.
    await listing(theo, true, 'relisted');
    await eventually(async () => {
      const response = await ask(asker, theo.userId, 'Is the radar data public now?');
      expect(response.status).toBe(201);
    });
    expect(await credits(asker)).toBe(before - 1);
  });

  it('a role change away from expert does the same; a pending question is rejected', async () => {
    const graham = expertNamed('Graham');
    const member = await stack.member();
    const pendingId = await asked(member, graham.userId, 'What did the pilots report?');
    const afterAsking = await credits(member);
    await listing(graham, false, 'demoted');
    await questionsDropped(graham.userId);
    expect((await ask(member, graham.userId, 'And the ground crew?')).status).toBe(400);
    expect(await credits(member)).toBe(afterAsking);
    // Staff reject what was asked of them (or assign another expert); billing refunds that.
    await publishRejection(stack.bus.bus, {
      questionId: pendingId,
      askerId: member.id,
      moderationNotes: 'Graham no longer answers questions here; please ask another expert.',
    });
    await eventually(async () =>
      expect((await (await member.get(`/api/questions/${pendingId}`)).json()).status).toBe(
        'rejected',
      ),
    );
  });
});
