import {
  createEvent,
  MODERATION_STREAM,
  QUESTIONS_STREAM,
  QuestionApproved,
  QuestionRejected,
  QuestionSubmitted,
  REJECTION_REASON_LABELS,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, type QueueItem, type SignedIn, startModerationStack } from './harness.js';

describe.each(testBackends())('moderation ($name)', (backend) => {
  let moderator: SignedIn;
  let admin: SignedIn;
  let dana: SignedIn;
  let marcus: SignedIn;
  let fakeCounter = 0;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;

  /**
   * Moderation events about one question (`seen`), as every subscriber of the stream sees them,
   * and `about` any other question decided while watching: the stream keeps moderation's order,
   * so once a later decision's event has arrived, every earlier one has too.
   */
  async function watchDecisions(questionId: string) {
    const decisions = await recordEvents(
      stack.bus.bus,
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

  /** A QuestionSubmitted put straight on the bus, as questions' outbox would publish it. */
  function submitted(overrides: Partial<{ questionId: string; submittedAt: string }> = {}) {
    fakeCounter++;
    return createEvent(QuestionSubmitted, {
      questionId: `00000000-0000-7000-8000-${String(fakeCounter).padStart(12, '0')}`,
      askerId: 999_000 + fakeCounter,
      askerUsername: `bus_asker_${fakeCounter}`,
      requestedExpertId: dana.id,
      title: `A question straight from the bus, number ${fakeCounter}`,
      content: 'Published directly on the questions stream by the test.',
      context: null,
      sources: null,
      categoryId: 1,
      categoryName: 'Sightings',
      tags: [{ id: 1, name: 'Radar' }],
      submittedAt: new Date().toISOString(),
      ...overrides,
    });
  }

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
      asker: { id: member.id, username: memberName },
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
    });
    expect(Date.parse(decided.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(item.id);

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

    const again = await admin.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'duplicate',
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already approved/);
  });

  it('rejects: the member gets the credit back and the item leaves the queue', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, await stack.expertWithRoom(1));
    expect(await credits(member)).toBe(2);
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
    await eventually(() => expect(decisions.seen).toHaveLength(1));
    expect(decisions.seen[0]).toMatchObject({
      type: QuestionRejected.type,
      data: { questionId: item.id, askerId: member.id, moderatorId: admin.id, reason: 'duplicate' },
    });
    await decisions.stop();
  });

  it('never assigns a question to the expert who asked it', async () => {
    // Marcus asked Dana; then Dana asked herself through an old client (questions refuses that
    // now, but moderation does not rely on it).
    const byMarcus = submitted();
    const byDana = submitted();
    Object.assign(byMarcus.data, { askerId: marcus.id, askerUsername: 'marcus' });
    Object.assign(byDana.data, { askerId: dana.id, askerUsername: 'dana' });
    await stack.bus.bus.publish(QUESTIONS_STREAM, byMarcus);
    await stack.bus.bus.publish(QUESTIONS_STREAM, byDana);
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
    const item = await stack.ask(member, await stack.expertWithRoom(1));
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
    await eventually(() => expect(decisions.about(later.id)).toHaveLength(1));
    expect(decisions.seen).toHaveLength(1);
    await decisions.stop();

    // The audit log has the winning decision once, with its moderator and notes.
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

  it('guards the routes: 401, 403, 404, and clear 400s', async () => {
    const visitor = stack.visitor();
    for (const response of [
      await visitor.get('/api/admin/questions/pending'),
      await visitor.get('/api/admin/questions/stats'),
      await visitor.patch(statusPath('anything'), { status: 'approved' }),
    ]) {
      expect(response.status).toBe(401);
      expect((await response.json()).message).toContain('Unauthorized');
    }
    const member = await stack.member();
    for (const browser of [member, dana]) {
      expect((await browser.get('/api/admin/questions/pending')).status).toBe(403);
      expect((await browser.get('/api/admin/questions/stats')).status).toBe(403);
      expect((await browser.patch(statusPath('anything'), { status: 'approved' })).status).toBe(
        403,
      );
    }
    expect((await admin.get('/api/admin/questions/pending')).status).toBe(200);

    const unknown = await moderator.patch(statusPath('no-such-question'), { status: 'approved' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/moderation queue/);

    const item = await stack.ask(member, await stack.expertWithRoom(1));
    const cases: Array<[unknown, RegExp, string]> = [
      [{ status: 'answered' }, /^Status must be 'approved' or 'rejected'\.$/, 'status'],
      [{}, /^Status must be 'approved' or 'rejected'\.$/, 'status'],
      [{ status: 'approved', assignedExpertId: 'marcus' }, /assignedExpertId/, 'assignedExpertId'],
      [{ status: 'approved', assignedExpertId: 987654 }, /No approved expert/, 'assignedExpertId'],
      [
        { status: 'approved', assignedExpertId: member.id },
        /No approved expert/,
        'assignedExpertId',
      ],
      // The member reads why: a rejection without one of the reasons is refused.
      [{ status: 'rejected', moderationNotes: 'No.' }, /member reads it/, 'rejectionReason'],
      [
        { status: 'rejected', rejectionReason: 'boring' },
        /rejectionReason must be/,
        'rejectionReason',
      ],
    ];
    for (const [body, message, field] of cases) {
      const response = await moderator.patch(statusPath(item.id), body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: expect.stringMatching(message),
        field,
      });
    }
    const malformed = await moderator.patch(statusPath(item.id), '{"status": ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/valid JSON/);
    expect((await moderator.get('/api/admin/questions/pending?limit=1000')).status).toBe(400);
    expect((await moderator.get('/api/admin/questions/pending?cursor=nonsense')).status).toBe(400);
    // Nothing was decided by the refused requests.
    expect((await stack.pending(moderator)).find((each) => each.id === item.id)).toMatchObject({
      status: 'pending',
    });
    // The expert's id may come as the digits a select sends.
    const approved = await moderator.patch(statusPath(item.id), {
      status: 'approved',
      assignedExpertId: String(marcus.id),
    });
    expect(approved.status).toBe(200);
    expect((await approved.json()).assignedExpertId).toBe(marcus.id);
  });

  it('projects a QuestionSubmitted once, however often it arrives', async () => {
    const event = submitted();
    await stack.bus.bus.publish(QUESTIONS_STREAM, event);
    await stack.bus.bus.publish(QUESTIONS_STREAM, event);
    // The same question again under another envelope (a republish by a restored outbox).
    await stack.bus.bus.publish(QUESTIONS_STREAM, { ...submitted(), data: event.data });
    // Events of one stream are handled in order: once this one shows, the copies were handled.
    const marker = submitted();
    await stack.bus.bus.publish(QUESTIONS_STREAM, marker);
    await eventually(async () =>
      expect((await stack.pending(moderator)).map((each) => each.id)).toContain(
        marker.data.questionId,
      ),
    );
    const copies = (await stack.pending(moderator)).filter(
      (each) => each.id === event.data.questionId,
    );
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      title: event.data.title,
      asker: { id: event.data.askerId, username: event.data.askerUsername },
      creator: { userId: dana.id, firstName: 'Dana' },
    });
  });

  it('pages the queue oldest first with a cursor and a total', async () => {
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    const events = [3, 1, 2, 1].map((minutes, index) =>
      submitted({ submittedAt: new Date(base + minutes * 60_000 + index).toISOString() }),
    );
    for (const event of events) await stack.bus.bus.publish(QUESTIONS_STREAM, event);
    const ids = new Set(events.map((event) => event.data.questionId));
    await eventually(async () => {
      const shown = (await stack.pending(moderator)).filter((each) => ids.has(each.id));
      expect(shown).toHaveLength(4);
    });
    const all = await stack.pending(moderator);
    const walked: QueueItem[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const response = await moderator.get(
        `/api/admin/questions/pending?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      total = Number(response.headers.get('x-total-count'));
      const page: QueueItem[] = await response.json();
      expect(page.length).toBeLessThanOrEqual(3);
      walked.push(...page);
      cursor = response.headers.get('x-next-cursor');
    } while (cursor);
    expect(total).toBe(all.length);
    expect(walked.map((each) => each.id)).toEqual(all.map((each) => each.id));
    const times = walked.map((each) => Date.parse(each.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The four old ones come first, in submission order.
    expect(walked.slice(0, 4).map((each) => each.id)).toEqual(
      [...events]
        .sort((a, b) => Date.parse(a.data.submittedAt) - Date.parse(b.data.submittedAt))
        .map((event) => event.data.questionId),
    );
  });

  it('reports its staff figures', async () => {
    const stats = async () => {
      const response = await moderator.get('/api/admin/questions/stats');
      expect(response.status).toBe(200);
      return response.json() as Promise<{ awaitingReview: number; decidedThisMonth: number }>;
    };
    const before = await stats();
    expect(before.awaitingReview).toBe((await stack.pending(moderator)).length);

    const first = submitted();
    const second = submitted();
    await stack.bus.bus.publish(QUESTIONS_STREAM, first);
    await stack.bus.bus.publish(QUESTIONS_STREAM, second);
    await eventually(async () =>
      expect((await stats()).awaitingReview).toBe(before.awaitingReview + 2),
    );
    expect(
      (
        await admin.patch(statusPath(first.data.questionId), {
          status: 'rejected',
          rejectionReason: 'other',
        })
      ).status,
    ).toBe(200);
    expect(await stats()).toEqual({
      awaitingReview: before.awaitingReview + 1,
      decidedThisMonth: before.decidedThisMonth + 1,
    });
    expect(await (await admin.get('/api/admin/questions/stats')).json()).toEqual(await stats());

    // The gateway's staff figures: the admin dashboard's five, from billing, questions and identity, plus
    // these two, asked in parallel.
    const composed = await admin.get('/api/admin/stats');
    expect(composed.status).toBe(200);
    expect(await composed.json()).toEqual({
      activeSubscribers: expect.any(Number),
      monthlyRevenue: expect.any(Number),
      questionsThisMonth: expect.any(Number),
      totalQuestions: expect.any(Number),
      activeExperts: 5,
      ...(await stats()),
    });
    expect((await stack.visitor().get('/api/admin/stats')).status).toBe(401);
    expect((await dana.get('/api/admin/stats')).status).toBe(403);
  });
});
