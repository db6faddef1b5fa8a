import { createEvent, MODERATION_STREAM, QuestionRejected } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  approvedQuestion,
  credits,
  publishApproval,
  startQuestionsStack,
} from './harness.js';

/** Billing's real ledger following a question's life in questions: debited, then given back. */
describe.each(testBackends())("a question's credit in billing ($name)", (backend) => {
  let categoryId: number;
  let tagIds: number[];
  const ask = (expertId: number) => ({
    assignedCreatorId: expertId,
    categoryId,
    title: 'What did the carrier radar operators see?',
    content: 'Looking for the sequence of radar events during the encounter.',
    tagIds,
  });

  const stack = stackForSuite(() => startQuestionsStack(backend));
  /** An answered question, and its expert signing in (demo usernames are first names). */
  async function answered(title: string) {
    const question = await approvedQuestion(stack, tagIds[0]!, title, 1);
    const username = question.expert.user.firstName.toLowerCase();
    await answer(stack, question.id, username);
    return { ...question, expert: () => stack.signedIn(username) };
  }
  const page = async (browser: Browser, id: string) =>
    (await browser.get(`/api/questions/${id}`)).json();

  beforeAll(async () => {
    await stack.experts();
    categoryId = (await (await stack.visitor().get('/api/categories')).json())[0].id;
    tagIds = (await (await stack.visitor().get('/api/tags')).json())
      .slice(0, 2)
      .map((tag: { id: number }) => tag.id);
  });

  it('refunds a rejected question, and an approved one left unanswered past 72 hours', async () => {
    const member = await stack.member();
    const listed = await (await stack.visitor().get('/api/creators')).json();
    const expert = listed.find((c: { window: { remaining: number } }) => c.window.remaining >= 2);
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
    await publishApproval(stack.bus.bus, {
      questionId: overdue,
      askerId: member.id,
      assignedExpertId: expert.userId,
    });
    await eventually(async () => {
      const mine = await (await member.get('/api/my-questions')).json();
      expect(mine.find((q: { id: string }) => q.id === overdue).status).toBe('approved');
    });
    await eventually(async () => expect(await credits(member)).toBe(2));

    const later = new Date(Date.now() + 73 * 3600 * 1000);
    expect(await stack.questions.sweepOverdue(later)).toBeGreaterThanOrEqual(1);
    await eventually(async () => expect(await credits(member)).toBe(3));
  });

  it('grants a refund once: the credit comes back and the expert fee is reversed once, with one audit entry', async () => {
    const { id, asker, expert } = await answered('What did the Levelland drivers see?');
    const author = await expert();
    // Billing counts this answer once it matches every answer the expert has here: a count
    // above zero alone would also be met by the seeded archive's earnings, before this one's.
    const earned = await eventually(
      async () => {
        const assigned: Array<{ status: string }> = await (
          await author.get('/api/creator/questions')
        ).json();
        const earnings = await (await author.get('/api/billing/earnings')).json();
        expect(earnings.answeredCount).toBe(assigned.filter((q) => q.status === 'answered').length);
        return earnings;
      },
      { timeoutMs: 30_000 },
    );
    const before = await credits(asker);

    const requested = await asker.post(`/api/questions/${id}/refund-request`, {
      reason: 'The answer does not address the engine failures at all.',
    });
    expect(requested.status).toBe(201);

    // Who may decide, and that two decisions at once make one, is the questions suite's part.
    const moderator = await stack.signedIn('moderator');
    const decide = () =>
      moderator.post(`/api/admin/refund-requests/${id}/decision`, {
        decision: 'grant',
        note: 'The answer missed the question.',
      });
    const [first, second] = await Promise.all([decide(), decide()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);

    await eventually(async () => expect(await credits(asker)).toBe(before + 1));
    await eventually(async () => {
      const earnings = await (await author.get('/api/billing/earnings')).json();
      expect(earnings.answeredCount).toBe(earned.answeredCount - 1);
      expect(earnings.totalEarningsCents).toBe(earned.totalEarningsCents - earned.feeCents);
    });
    expect((await page(asker, id)).refundRequest).toMatchObject({
      status: 'granted',
      decisionNote: 'The answer missed the question.',
    });

    const admin = await stack.signedIn('admin');
    const audit = await eventually(async () => {
      const entries = await (await admin.get(`/api/admin/audit?action=refund_granted`)).json();
      const ours = entries.filter(
        (entry: { subject: string }) => entry.subject === `question ${id}`,
      );
      expect(ours).toHaveLength(1);
      return ours;
    });
    expect(audit[0]).toMatchObject({
      reason: 'The answer missed the question.',
      subjectUserId: asker.id,
    });
    // Still once after everything settled.
    expect(await credits(asker)).toBe(before + 1);
  });
});
