import { REJECTION_REASON_LABELS } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, type SignedIn, startModerationStack } from './harness.js';

/**
 * A moderator's decisions as the member, the experts and the admin's figures see them, and an
 * expert delisted after a question was approved for them.
 */
describe.each(testBackends())('moderation decisions across the product ($name)', (backend) => {
  let moderator: SignedIn;
  let admin: SignedIn;
  let dana: SignedIn;
  let marcus: SignedIn;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;

  const stack = stackForSuite(() => startModerationStack(backend));
  beforeAll(async () => {
    [moderator, admin, dana, marcus] = await Promise.all([
      stack.signedIn('moderator'),
      stack.signedIn('admin'),
      stack.signedIn('dana'),
      stack.signedIn('marcus'),
    ]);
  });

  it('runs ask → queue → approve (another expert, with notes) → answer → archive', async () => {
    const member = await stack.member();
    const memberName = (await (await member.get('/api/user')).json()).username;
    const item = await stack.ask(member, dana.id, {
      title: 'Which radar logs were kept aboard the carrier?',
    });
    // The moderator reads what the member wrote, named as identity and questions name it.
    expect(item).toMatchObject({
      title: 'Which radar logs were kept aboard the carrier?',
      content: 'Looking for the sequence of radar events during the encounter.',
      context: 'Read about it in a newspaper.',
      sources: 'https://example.com/article',
      status: 'pending',
      category: { name: 'Sightings' },
      tags: [
        { id: expect.any(Number), name: 'Radar' },
        { id: expect.any(Number), name: 'Witnesses' },
      ],
      assignedCreatorId: dana.id,
      asker: { id: member.id, username: memberName },
    });
    await eventually(async () => {
      const shown = (await stack.pending(moderator)).find((each) => each.id === item.id)!;
      expect(shown.creator).toMatchObject({ userId: dana.id, firstName: 'Dana' });
    });

    const approved = await moderator.patch(statusPath(item.id), {
      status: 'approved',
      moderationNotes: 'Good question; Marcus knows the logs best.',
      assignedExpertId: marcus.id,
    });
    expect(approved.status).toBe(200);

    const assigned = await eventually(async () => {
      const list = await (await marcus.get('/api/creator/questions')).json();
      const found = list.find((q: { id: string }) => q.id === item.id);
      expect(found).toBeDefined();
      return found;
    });
    expect(assigned).toMatchObject({
      status: 'approved',
      assignedExpertId: marcus.id,
      moderationNotes: 'Good question; Marcus knows the logs best.',
    });
    const mine = (await (await member.get('/api/my-questions')).json()).find(
      (q: { id: string }) => q.id === item.id,
    );
    expect(mine).toMatchObject({ status: 'approved', assignedExpertId: marcus.id });
    // The reassigned expert is emailed, with the moderator's notes and the 72-hour due time.
    const toExpert = await stack.smtp.waitForOne(
      'marcus@demo.uapqa.local',
      /Which radar logs were kept aboard the carrier\?/,
    );
    expect(toExpert.text).toContain('Good question; Marcus knows the logs best.');
    expect(toExpert.text).toMatch(/72 hours/);
    expect(stack.smtp.to('dana@demo.uapqa.local')).toHaveLength(0);

    const answer =
      'The combat information centre kept the logs; they were collected afterwards by two officers ' +
      'who had not been aboard, and the tapes were never returned. The ship’s own log has only ' +
      'the times of the launches.';
    const answered = await marcus.post('/api/answers', { questionId: item.id, content: answer });
    expect(answered.status).toBe(201);
    const archive = await (
      await member.get(`/api/questions?creatorId=${marcus.id}&search=combat`)
    ).json();
    expect(archive.find((q: { id: string }) => q.id === item.id)).toMatchObject({
      status: 'answered',
      answer: { content: answer },
    });

    const toMember = await stack.smtp.waitForOne(
      `${memberName}@example.com`,
      /has been answered: Which radar logs/,
    );
    expect(toMember.text).toContain(`https://uap.example/questions/${item.id}`);
  });

  it('rejects: the member gets the credit back and is told why', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, await stack.expertWithRoom(1));
    expect(await credits(member)).toBe(2);

    const rejected = await admin.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'duplicate',
      moderationNotes: 'Already answered in the archive.',
    });
    expect(rejected.status).toBe(200);

    await eventually(async () => expect(await credits(member)).toBe(3));
    const { username } = await (await member.get('/api/user')).json();
    const toMember = await stack.smtp.waitForOne(`${username}@example.com`, /was not approved/);
    expect(toMember.text).toContain('Already answered in the archive.');
    expect(toMember.text).toContain(`Why: ${REJECTION_REASON_LABELS.duplicate}`);
    expect(toMember.text).toMatch(/1 FOIA credit you spent on it has been refunded/);
    await eventually(async () => {
      const mine = (await (await member.get('/api/my-questions')).json()).find(
        (q: { id: string }) => q.id === item.id,
      );
      expect(mine).toMatchObject({
        status: 'rejected',
        moderationNotes: 'Already answered in the archive.',
        rejectionReason: 'duplicate',
      });
    });
  });

  it('records the winner of two simultaneous decisions once in the audit log', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, await stack.expertWithRoom(1));
    const [first, second] = await Promise.all([
      moderator.patch(statusPath(item.id), { status: 'approved', moderationNotes: 'Yes.' }),
      admin.patch(statusPath(item.id), {
        status: 'rejected',
        rejectionReason: 'off_topic',
        moderationNotes: 'No.',
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    // A later decision: once identity has recorded it, it has recorded the contested one too.
    const later = await stack.ask(member, await stack.expertWithRoom(1));
    expect(
      (
        await moderator.patch(statusPath(later.id), {
          status: 'rejected',
          rejectionReason: 'off_topic',
          moderationNotes: 'No.',
        })
      ).status,
    ).toBe(200);

    const audit = async () => {
      const log = await admin.get(`/api/admin/audit?subjectUserId=${member.id}&limit=200`);
      return (await log.json()) as Array<{ subject: string; action: string; reason: string }>;
    };
    await eventually(async () =>
      expect((await audit()).map((entry) => entry.subject)).toContain(`question ${later.id}`),
    );
    const contested = (await audit()).filter((entry) => entry.subject === `question ${item.id}`);
    expect(contested).toHaveLength(1);
    expect(contested[0]!.reason).toBe(
      contested[0]!.action === 'question_approved' ? 'Yes.' : 'No.',
    );
  });

  it("composes moderation's figures into the gateway's staff figures", async () => {
    const moderation = await (await moderator.get('/api/admin/questions/stats')).json();
    // The admin dashboard's five, from billing, questions and identity, plus moderation's two,
    // asked in parallel.
    const composed = await admin.get('/api/admin/stats');
    expect(composed.status).toBe(200);
    expect(await composed.json()).toEqual({
      activeSubscribers: expect.any(Number),
      monthlyRevenue: expect.any(Number),
      questionsThisMonth: expect.any(Number),
      totalQuestions: expect.any(Number),
      activeExperts: 5,
      ...moderation,
    });
    expect((await stack.visitor().get('/api/admin/stats')).status).toBe(401);
    expect((await dana.get('/api/admin/stats')).status).toBe(403);
  });

  // Last: the others pick any expert with room, and this one takes Evelyn off the lists a while.
  it('refunds and tells the asker of an approved question, and takes the expert back once relisted', async () => {
    const experts = await eventually(async () => {
      const all = await stack.listed();
      expect(all).toHaveLength(5);
      return all;
    });
    const evelyn = experts.find((expert) => expert.user.firstName === 'Evelyn')!;
    const member = await stack.member();
    const email = (await (await member.get('/api/user')).json()).email as string;
    const approved = await stack.ask(member, evelyn.userId, { title: 'Who logged the returns?' });
    expect((await moderator.patch(statusPath(approved.id), { status: 'approved' })).status).toBe(
      200,
    );
    const afterAsking = await credits(member);

    expect((await admin.post(`/api/admin/creator-profiles/${evelyn.id}/delist`)).status).toBe(200);
    // Staff choose the expert to assign from this list: Evelyn is no longer on it.
    expect((await stack.listed()).map((expert) => expert.userId)).not.toContain(evelyn.userId);

    // The question approved for her is refunded, and the asker is told.
    await eventually(async () => expect(await credits(member)).toBe(afterAsking + 1));
    const notice = await stack.smtp.waitForOne(
      email,
      'Your expert is no longer available: your credit is back',
    );
    expect(notice.text).toContain('“Who logged the returns?” is no longer available');
    expect(notice.text).toContain(`back in your balance (now ${afterAsking + 1})`);
    const mine = await (await member.get(`/api/questions/${approved.id}`)).json();
    expect(mine).toMatchObject({ status: 'approved', creditRefunded: true });
    expect(mine.withdrawnAt).not.toBeNull();

    // Listed again, she can be asked and assigned again.
    expect((await admin.post(`/api/admin/creator-profiles/${evelyn.id}/relist`)).status).toBe(200);
    // Questions has taken her back once her window is listed again.
    await eventually(async () =>
      expect(
        (await stack.listed()).find((expert) => expert.userId === evelyn.userId),
      ).toHaveProperty('window'),
    );
    const next = await stack.ask(member, evelyn.userId, { title: 'And the second night?' });
    await eventually(async () => {
      const found = (await stack.pending(moderator)).find((each) => each.id === next.id);
      expect(found?.expertListed).toBe(true);
    });
    expect((await moderator.patch(statusPath(next.id), { status: 'approved' })).status).toBe(200);
  });
});
