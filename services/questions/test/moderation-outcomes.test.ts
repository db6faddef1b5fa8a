import {
  createEvent,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionOverdue,
  QuestionRejected,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, expertWithRoom, publishApproval, startQuestionsStack } from './harness.js';

/** Moderation's decisions reaching questions, and the answer deadline that follows an approval. */
describe.each(testBackends())('moderation outcomes and deadlines ($name)', (backend) => {
  let categoryId: number;
  let tagIds: number[];
  const ask = (expertId: number) => ({
    assignedCreatorId: expertId,
    categoryId,
    title: 'What did the carrier radar operators see?',
    content: 'Looking for the sequence of radar events during the encounter.',
    tagIds,
  });
  const approve = (questionId: string, askerId: number, assignedExpertId: number) =>
    publishApproval(stack.bus.bus, { questionId, askerId, assignedExpertId });

  const stack = stackForSuite(() => startQuestionsStack(backend));
  beforeAll(async () => {
    await stack.experts();
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagIds = (await (await stack.visitor().get('/api/tags')).json())
      .slice(0, 2)
      .map((tag: { id: number }) => tag.id);
  });

  it('applies a rejection, and announces an approved question left unanswered past 72 hours', async () => {
    const member = await stack.member();
    const expert = await expertWithRoom(stack, 2);
    const rejected = (await (await member.post('/api/questions', ask(expert.userId))).json()).id;
    const overdue = (await (await member.post('/api/questions', ask(expert.userId))).json()).id;
    expect(await credits(member)).toBe(1);
    await stack.bus.bus.publish(
      MODERATION_STREAM,
      createEvent(QuestionRejected, {
        questionId: rejected,
        askerId: member.id,
        moderatorId: 2,
        moderationNotes: 'Duplicate of an archived answer.',
        rejectedAt: new Date().toISOString(),
      }),
    );
    await approve(overdue, member.id, expert.userId);
    await eventually(async () => {
      const mine = await (await member.get('/api/my-questions')).json();
      expect(mine.find((q: { id: string }) => q.id === rejected)).toMatchObject({
        status: 'rejected',
        moderationNotes: 'Duplicate of an archived answer.',
      });
      expect(mine.find((q: { id: string }) => q.id === overdue).status).toBe('approved');
    });

    // Billing refunds what questions announces overdue (the credit's return is a journey).
    const announced = await recordEvents(stack.bus.bus, QUESTIONS_STREAM, [QuestionOverdue.type]);
    const later = new Date(Date.now() + 73 * 3600 * 1000);
    expect(await stack.questions.sweepOverdue(later)).toBeGreaterThanOrEqual(1);
    expect(await stack.questions.sweepOverdue(later)).toBe(0);
    await eventually(() =>
      expect(announced.data()).toContainEqual(
        expect.objectContaining({
          questionId: overdue,
          askerId: member.id,
          assignedExpertId: expert.userId,
        }),
      ),
    );
    await announced.stop();

    // The admins' content report lists it, for admins only.
    const admin = await stack.signedIn('admin');
    const report = await admin.get('/api/admin/reports/content');
    expect(report.status).toBe(200);
    const listed = (await report.json()) as Array<{
      id: string;
      overdueAt: string | null;
      askerId: number | null;
    }>;
    expect(listed.find((q) => q.id === overdue)).toMatchObject({
      overdueAt: expect.any(String),
      // The people involved: the admin opens the asker's account from the report.
      askerId: member.id,
    });
    expect(listed.map((q) => q.id)).not.toContain(rejected);
    expect((await member.get('/api/admin/reports/content')).status).toBe(403);
  });
});
