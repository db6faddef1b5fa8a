import type { Question } from '@uapqa/contracts';
import { askedQuestion, postQuestion, questionAsSeen } from '@uapqa/questions/testing';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, publishApproval, publishRejection, startQuestionsStack } from './harness.js';

interface Listed {
  id: number;
  userId: number;
  user: { firstName: string };
  window?: unknown;
}

/**
 * Identity, billing, questions and the gateway: an admin takes experts off the lists, and the
 * credits of what they can no longer answer come back (what questions does on its own is in its
 * suite).
 */
describe.each(testBackends())('an expert no longer available ($name)', (backend) => {
  let asker: Browser & { id: number };
  let admin: Browser & { id: number };
  let categoryId: number;
  let tagId: number;

  const listed = async () =>
    (await (await stack.visitor().get('/api/creators')).json()) as Listed[];
  const expertNamed = async (firstName: string) =>
    (await stack.experts()).find(
      (expert) => expert.user.firstName === firstName,
    ) as unknown as Listed;
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
    admin = await stack.signedIn('admin');
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagId = (await (await stack.visitor().get('/api/tags')).json())[0].id;
  });

  it('delisting refunds their approved questions at once and refuses asking them; relisting undoes it', async () => {
    const theo = await expertNamed('Theo');
    const approvedId = await asked(asker, theo.userId, 'Which base logged the radar returns?');
    const pendingId = await asked(asker, theo.userId, 'Were the returns ever explained?');
    await publishApproval(stack.bus.bus, {
      questionId: approvedId,
      askerId: asker.id,
      assignedExpertId: theo.userId,
    });
    await eventually(async () => expect((await mine(approvedId)).status).toBe('approved'));
    const before = await credits(asker);

    const delisted = await admin.post(`/api/admin/creator-profiles/${theo.id}/delist`);
    expect(delisted.status).toBe(200);
    // The gateway's list and identity's drop them at once.
    expect((await listed()).map((expert) => expert.userId)).not.toContain(theo.userId);

    // The approved question is taken back and refunded; the pending one waits for moderation.
    await eventually(async () => {
      const question = await mine(approvedId);
      expect(question.withdrawnAt).not.toBeNull();
      expect(question.creditRefunded).toBe(true);
      expect(await credits(asker)).toBe(before + 1);
    });
    expect(await mine(pendingId)).toMatchObject({ status: 'pending', creditRefunded: false });

    // Once questions has heard, asking them is refused before anything is charged.
    await questionsDropped(theo.userId);
    const refused = await ask(asker, theo.userId, 'Is the radar data public?');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'Theo no longer takes questions; please choose another expert. Nothing was charged.',
      field: 'assignedCreatorId',
    });
    expect(await credits(asker)).toBe(before + 1);

    // An approval decided before moderation heard of the delisting is refunded at once too.
    await publishApproval(stack.bus.bus, {
      questionId: pendingId,
      askerId: asker.id,
      assignedExpertId: theo.userId,
    });
    await eventually(async () => {
      const question = await mine(pendingId);
      expect(question.withdrawnAt).not.toBeNull();
      expect(await credits(asker)).toBe(before + 2);
    });

    // Listed again: asked again, charged again.
    expect((await admin.post(`/api/admin/creator-profiles/${theo.id}/relist`)).status).toBe(200);
    expect((await listed()).map((expert) => expert.userId)).toContain(theo.userId);
    await eventually(async () => {
      const response = await ask(asker, theo.userId, 'Is the radar data public now?');
      expect(response.status).toBe(201);
    });
    expect(await credits(asker)).toBe(before + 1);
  });

  it('a role change away from expert does the same; a pending question is rejected with a refund', async () => {
    const graham = await expertNamed('Graham');
    const member = await stack.member();
    const pendingId = await asked(member, graham.userId, 'What did the pilots report?');
    const afterAsking = await credits(member);
    const demoted = await admin.patch(`/api/admin/users/${graham.userId}/role`, {
      role: 'user',
      reason: 'Stopped answering',
    });
    expect(demoted.status).toBe(200);
    expect((await listed()).map((expert) => expert.userId)).not.toContain(graham.userId);
    await questionsDropped(graham.userId);
    expect((await ask(member, graham.userId, 'And the ground crew?')).status).toBe(400);
    expect(await credits(member)).toBe(afterAsking);
    // Staff reject what was asked of them (or assign another expert): the credit comes back.
    await publishRejection(stack.bus.bus, {
      questionId: pendingId,
      askerId: member.id,
      moderationNotes: 'Graham no longer answers questions here; please ask another expert.',
    });
    await eventually(async () => expect(await credits(member)).toBe(afterAsking + 1));
  });
});
