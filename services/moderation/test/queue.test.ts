import { QUESTIONS_STREAM } from '@uapqa/contracts';
import { type Browser, eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Expert, type QueueItem, type SignedIn, startModeration } from './harness.js';

describe.each(testBackends())('the moderation queue ($name)', (backend) => {
  let moderator: SignedIn;
  let admin: SignedIn;
  let dana: Expert;
  let marcus: Expert;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;

  const stack = stackForSuite(() => startModeration(backend));
  beforeAll(async () => {
    [moderator, admin, dana, marcus] = await Promise.all([
      stack.signedIn('moderator'),
      stack.signedIn('admin'),
      stack.expert('Dana'),
      stack.expert('Marcus'),
    ]);
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
    const expert: Browser = await stack.identity.signedIn(stack.moderation.app, {
      id: dana.id,
      role: 'expert',
    });
    for (const browser of [member, expert]) {
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

    const item = await stack.ask(member, dana.id);
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
    const event = stack.submitted({ requestedExpertId: dana.id });
    await stack.bus.publish(QUESTIONS_STREAM, event);
    await stack.bus.publish(QUESTIONS_STREAM, event);
    // The same question again under another envelope (a republish by a restored outbox).
    await stack.bus.publish(QUESTIONS_STREAM, { ...stack.submitted(), data: event.data });
    // Events of one stream are handled in order: once this one shows, the copies were handled.
    const marker = stack.submitted();
    await stack.bus.publish(QUESTIONS_STREAM, marker);
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
      stack.submitted({ submittedAt: new Date(base + minutes * 60_000 + index).toISOString() }),
    );
    for (const event of events) await stack.bus.publish(QUESTIONS_STREAM, event);
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

    const first = stack.submitted();
    const second = stack.submitted();
    await stack.bus.publish(QUESTIONS_STREAM, first);
    await stack.bus.publish(QUESTIONS_STREAM, second);
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
  });
});
