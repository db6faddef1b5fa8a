import {
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionApproved,
  QuestionRejected,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Expert, type SignedIn, startModeration } from './harness.js';

describe.each(testBackends())('moderation decisions ($name)', (backend) => {
  let moderator: SignedIn;
  let admin: SignedIn;
  let dana: Expert;
  let marcus: Expert;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;

  /**
   * Moderation events about one question (`seen`), as every subscriber of the stream sees them,
   * and `about` any other question decided while watching: the stream keeps moderation's order,
   * so once a later decision's event has arrived, every earlier one has too.
   */
  async function watchDecisions(questionId: string) {
    const decisions = await recordEvents(
      stack.bus,
      MODERATION_STREAM,
      [QuestionApproved.type, QuestionRejected.type],
      new Date(Date.now() - 60_000),
    );
    const about = (id: string) =>
      decisions.seen.filter((event) => (event.data as { questionId: string }).questionId === id);
    return {
      get seen() {
        return about(questionId);
      },
      about,
      stop: () => decisions.stop(),
    };
  }

  const stack = stackForSuite(() => startModeration(backend));
  beforeAll(async () => {
    [moderator, admin, dana, marcus] = await Promise.all([
      stack.signedIn('moderator', 'moderator'),
      stack.signedIn('admin', 'admin'),
      stack.expert('Dana'),
      stack.expert('Marcus'),
    ]);
  });

  it('queues a submitted question and approves it for another expert, with notes, once', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, dana.id, {
      title: 'Which radar logs were kept aboard the carrier?',
    });
    const { categoryId, tagIds } = item as unknown as { categoryId: number; tagIds: number[] };
    expect(item).toMatchObject({
      title: 'Which radar logs were kept aboard the carrier?',
      content: 'Looking for the sequence of radar events during the encounter.',
      context: 'Read about it in a newspaper.',
      sources: 'https://example.com/article',
      status: 'pending',
      category: { name: 'Sightings' },
      categoryId: expect.any(Number),
      tags: [
        { id: expect.any(Number), name: 'Radar' },
        { id: expect.any(Number), name: 'Witnesses' },
      ],
      assignedCreatorId: dana.id,
      assignedExpertId: dana.id,
      moderationNotes: null,
      answer: null,
      asker: { id: member.id, username: member.username },
      moderatorId: null,
      decidedAt: null,
    });
    expect(categoryId).toBeGreaterThan(0);
    expect([...tagIds].sort()).toEqual(
      (item.tags as Array<{ id: number }>).map((tag) => tag.id).sort(),
    );
    expect(Date.parse(item.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    await eventually(async () => {
      const shown = (await stack.pending(moderator)).find((each) => each.id === item.id)!;
      expect(shown.creator).toMatchObject({ userId: dana.id, firstName: 'Dana' });
    });
    const decisions = await watchDecisions(item.id);

    const approved = await moderator.patch(statusPath(item.id), {
      status: 'approved',
      moderationNotes: 'Good question; Marcus knows the logs best.',
      assignedExpertId: marcus.id,
    });
    expect(approved.status).toBe(200);
    const decided = await approved.json();
    expect(decided).toMatchObject({
      id: item.id,
      status: 'approved',
      assignedCreatorId: dana.id,
      assignedExpertId: marcus.id,
      moderationNotes: 'Good question; Marcus knows the logs best.',
      creator: { userId: marcus.id, firstName: 'Marcus' },
      moderatorId: moderator.id,
      asker: { id: member.id },
      undoUntil: null,
    });
    expect(Date.parse(decided.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(item.id);

    // What questions assigns and notifications mails the expert from.
    await eventually(() => expect(decisions.seen).toHaveLength(1));
    expect(decisions.seen[0]).toMatchObject({
      type: QuestionApproved.type,
      occurredAt: decided.decidedAt,
      data: {
        questionId: item.id,
        askerId: member.id,
        moderatorId: moderator.id,
        assignedExpertId: marcus.id,
        moderationNotes: 'Good question; Marcus knows the logs best.',
        approvedAt: decided.decidedAt,
      },
    });
    await decisions.stop();

    const again = await admin.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'duplicate',
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already approved/);
  });

  it('rejects: the item leaves the queue and the rejection is announced with its reason', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, dana.id);
    const decisions = await watchDecisions(item.id);

    const rejected = await admin.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'duplicate',
      moderationNotes: 'Already answered in the archive.',
      // ignored on a rejection: nobody is assigned
      assignedExpertId: marcus.id,
    });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      id: item.id,
      status: 'rejected',
      assignedExpertId: null,
      moderationNotes: 'Already answered in the archive.',
      rejectionReason: 'duplicate',
      moderatorId: admin.id,
    });
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(item.id);

    // Billing refunds the asker from it, and notifications mails them the notes and the reason.
    await eventually(() => expect(decisions.seen).toHaveLength(1));
    expect(decisions.seen[0]).toMatchObject({
      type: QuestionRejected.type,
      data: {
        questionId: item.id,
        askerId: member.id,
        moderatorId: admin.id,
        reason: 'duplicate',
        moderationNotes: 'Already answered in the archive.',
      },
    });
    await decisions.stop();
  });

  it('never assigns a question to the expert who asked it', async () => {
    // Marcus asked Dana; then Dana asked herself through an old client (questions refuses that
    // now, but moderation does not rely on it).
    const byMarcus = stack.submitted({
      askerId: marcus.id,
      askerUsername: 'marcus',
      requestedExpertId: dana.id,
    });
    const byDana = stack.submitted({
      askerId: dana.id,
      askerUsername: 'dana',
      requestedExpertId: dana.id,
    });
    await stack.bus.publish(QUESTIONS_STREAM, byMarcus);
    await stack.bus.publish(QUESTIONS_STREAM, byDana);
    const ids = [byMarcus.data.questionId, byDana.data.questionId];
    await eventually(async () =>
      expect((await stack.pending(moderator)).map((each) => each.id)).toEqual(
        expect.arrayContaining(ids),
      ),
    );
    for (const [id, body] of [
      [ids[0]!, { status: 'approved', moderationNotes: null, assignedExpertId: marcus.id }],
      [ids[1]!, { status: 'approved', moderationNotes: null }],
    ] as const) {
      const refused = await admin.patch(statusPath(id), body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: 'This expert asked the question; assign it to another expert.',
        field: 'assignedExpertId',
      });
    }
    expect((await stack.pending(moderator)).map((each) => each.id)).toEqual(
      expect.arrayContaining(ids),
    );
    const approved = await admin.patch(statusPath(ids[0]!), {
      status: 'approved',
      moderationNotes: null,
      assignedExpertId: dana.id,
    });
    expect(approved.status).toBe(200);
  });

  it('lets exactly one of two simultaneous decisions win, with one event', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, dana.id);
    const decisions = await watchDecisions(item.id);
    const [first, second] = await Promise.all([
      moderator.patch(statusPath(item.id), { status: 'approved', moderationNotes: 'Yes.' }),
      admin.patch(statusPath(item.id), {
        status: 'rejected',
        rejectionReason: 'off_topic',
        moderationNotes: 'No.',
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect((await loser.json()).message).toMatch(/already (approved|rejected)/);
    await eventually(() => expect(decisions.seen).toHaveLength(1));
    // A later decision on another question: once its event is on the stream, any second event
    // the contested question might have caused would already be there too.
    const later = await stack.ask(member, marcus.id);
    expect(
      (
        await moderator.patch(statusPath(later.id), {
          status: 'rejected',
          rejectionReason: 'off_topic',
          moderationNotes: 'No.',
        })
      ).status,
    ).toBe(200);
    await eventually(() => expect(decisions.about(later.id)).toHaveLength(1));
    expect(decisions.seen).toHaveLength(1);
    // The winner's notes travel with its event (the audit log's reason).
    const [winner] = decisions.seen;
    expect(winner!.data).toMatchObject({
      moderationNotes: winner!.type === QuestionApproved.type ? 'Yes.' : 'No.',
    });
    await decisions.stop();
  });
});
