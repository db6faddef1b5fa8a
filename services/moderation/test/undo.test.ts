import { MODERATION_STREAM, QuestionApproved, QuestionRejected } from '@uapqa/contracts';
import type { Browser } from '@uapqa/service-kit/testing';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Expert, type QueueItem, type SignedIn, startModeration } from './harness.js';

/**
 * Long enough that no hold ends by the clock while a test runs on a slow machine: the tests
 * release decisions themselves, with a `now` past the hold.
 */
const HOLD_SECONDS = 600;
const ALREADY_SENT = 'This decision was already sent; it can no longer be undone.';

describe.each(testBackends())('undo of a held decision ($name)', (backend) => {
  const stack = stackForSuite(() =>
    startModeration(backend, { DECISION_HOLD_SECONDS: String(HOLD_SECONDS) }),
  );
  let moderator: SignedIn;
  let admin: SignedIn;
  let dana: Expert;
  let events: Awaited<ReturnType<typeof recordEvents>>;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;
  const undoPath = (id: string) => `/api/admin/questions/${id}/undo`;
  const about = (id: string) =>
    events.seen.filter((event) => (event.data as { questionId: string }).questionId === id);
  /** Announces every decision held now, as the release timer does once their hold has ended. */
  const releaseAll = () =>
    stack.moderation.releaseDecisions(new Date(Date.now() + (HOLD_SECONDS + 1) * 1000));
  const approve = (staff: Browser, id: string) =>
    staff.patch(statusPath(id), { status: 'approved', moderationNotes: 'Worth answering.' });
  const stats = async () =>
    (await (await moderator.get('/api/admin/questions/stats')).json()) as {
      awaitingReview: number;
      decidedThisMonth: number;
    };

  beforeAll(async () => {
    [moderator, admin, dana] = await Promise.all([
      stack.signedIn('moderator'),
      stack.signedIn('admin'),
      stack.expert('Dana'),
    ]);
    events = await recordEvents(stack.bus, MODERATION_STREAM, [
      QuestionApproved.type,
      QuestionRejected.type,
    ]);
  });
  afterAll(async () => {
    await events?.stop();
  });

  async function ask(asker?: SignedIn): Promise<QueueItem> {
    return stack.ask(asker ?? (await stack.member()), dana.id);
  }

  it('records a decision at once and announces it only once its hold is released', async () => {
    const member = await stack.member();
    const held = await ask(member);
    const barrier = await ask();
    const before = await stats();

    // The barrier is decided first, so its hold ends first: releasing up to its end announces
    // it alone, and once its event is on the stream any event about `held` would be there too.
    const first = await approve(moderator, barrier.id);
    expect(first.status).toBe(200);
    const decided = await approve(moderator, held.id);
    expect(decided.status).toBe(200);
    const body = await decided.json();
    expect(body).toMatchObject({ id: held.id, status: 'approved', moderatorId: moderator.id });
    expect(Date.parse(body.undoUntil) - Date.parse(body.decidedAt)).toBe(HOLD_SECONDS * 1000);
    expect((await stack.pending(moderator)).map((item) => item.id)).not.toContain(held.id);
    expect(await stats()).toEqual({
      awaitingReview: before.awaitingReview - 2,
      decidedThisMonth: before.decidedThisMonth + 2,
    });

    const barrierUntil = new Date((await first.json()).undoUntil);
    expect(barrierUntil.getTime()).toBeLessThan(Date.parse(body.undoUntil));
    expect(await stack.moderation.releaseDecisions(barrierUntil)).toBe(1);
    await eventually(() => expect(about(barrier.id)).toHaveLength(1));
    expect(about(held.id)).toEqual([]);

    expect(await releaseAll()).toBe(1);
    const [announced] = await eventually(() => {
      expect(about(held.id)).toHaveLength(1);
      return about(held.id);
    });
    // The event is the one announced decisions always sent, dated when the moderator decided.
    expect(announced).toMatchObject({
      type: 'QuestionApproved',
      occurredAt: body.decidedAt,
      data: { questionId: held.id, moderatorId: moderator.id, approvedAt: body.decidedAt },
    });
    // A second release, as another replica's, finds nothing left to announce.
    expect(await releaseAll()).toBe(0);
  });

  it('puts an undone decision back in the queue, announces nothing, and takes a new one', async () => {
    const member = await stack.member();
    const item = await ask(member);
    const before = await stats();
    const rejected = await moderator.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'off_topic',
      moderationNotes: 'Not about the sky.',
    });
    expect(rejected.status).toBe(200);

    const undone = await moderator.post(undoPath(item.id));
    expect(undone.status).toBe(200);
    const body = await undone.json();
    expect(body.message).toMatch(/undone: the question is back in the moderation queue/);
    expect(body.item).toMatchObject({
      id: item.id,
      status: 'pending',
      moderationNotes: null,
      rejectionReason: null,
      moderatorId: null,
      decidedAt: null,
    });
    const again = (await stack.pending(moderator)).find((each) => each.id === item.id);
    expect(again).toMatchObject({ status: 'pending', title: item.title });
    // The figures count it as waiting again, and the decision taken back as never taken.
    expect(await stats()).toEqual(before);
    // Nothing is left to announce, and there is nothing more to undo.
    expect(await releaseAll()).toBe(0);
    const twice = await moderator.post(undoPath(item.id));
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toMatch(/no decision to undo/);

    // Decided again: only this decision is ever announced.
    expect((await approve(moderator, item.id)).status).toBe(200);
    expect(await releaseAll()).toBe(1);
    await eventually(() => expect(about(item.id)).toHaveLength(1));
    // The rejection was never heard: nothing refunds it, nothing records it.
    expect(about(item.id).map((event) => event.type)).toEqual(['QuestionApproved']);
    expect((await stats()).decidedThisMonth).toBe(before.decidedThisMonth + 1);
  });

  it('answers 409 once the decision was announced', async () => {
    const item = await ask();
    expect((await approve(moderator, item.id)).status).toBe(200);
    expect(await releaseAll()).toBe(1);
    const late = await moderator.post(undoPath(item.id));
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(ALREADY_SENT);
    // Still decided, out of the queue.
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(item.id);
  });

  it('lets only the moderator who decided, or an admin, undo', async () => {
    const other = await stack.signedIn('moderator');

    const item = await ask();
    expect((await approve(moderator, item.id)).status).toBe(200);
    const refused = await other.post(undoPath(item.id));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'Only the moderator who took this decision, or an admin, can undo it.',
    );
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(item.id);

    const byAdmin = await admin.post(undoPath(item.id));
    expect(byAdmin.status).toBe(200);
    expect((await stack.pending(moderator)).map((each) => each.id)).toContain(item.id);
    // The colleague may decide it now, and undo their own decision.
    expect((await approve(other, item.id)).status).toBe(200);
    expect((await other.post(undoPath(item.id))).status).toBe(200);
  });

  it("takes a closed account's undecided questions out of the queue, held or undone", async () => {
    const member = await stack.member();
    const held = await ask(member);
    const undone = await ask(member);
    expect((await approve(moderator, held.id)).status).toBe(200);
    expect((await approve(moderator, undone.id)).status).toBe(200);
    expect((await moderator.post(undoPath(undone.id))).status).toBe(200);
    await stack.closeAccount(member);

    // Questions deletes both, as never announced: moderation lets go of them too, so neither an
    // announcement nor an Undo brings back a question that no longer exists.
    await eventually(async () =>
      expect((await moderator.post(undoPath(held.id))).status).toBe(404),
    );
    expect((await stack.pending(moderator)).map((each) => each.id)).not.toContain(undone.id);
    const other = await ask();
    expect((await approve(moderator, other.id)).status).toBe(200);
    expect(await releaseAll()).toBe(1);
    await eventually(() => expect(about(other.id)).toHaveLength(1));
    expect([...about(held.id), ...about(undone.id)]).toEqual([]);
  });

  it('guards the route: 401, 403, 404, and 409 for a question never decided', async () => {
    const member = await stack.member();
    const item = await ask(member);
    expect((await stack.visitor().post(undoPath(item.id))).status).toBe(401);
    expect((await member.post(undoPath(item.id))).status).toBe(403);
    const unknown = await moderator.post(undoPath('01a20444-826f-74c2-ada7-890895732dbc'));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/No question with this id/);
    expect((await moderator.post(undoPath('not-an-id'))).status).toBe(404);
    const never = await moderator.post(undoPath(item.id));
    expect(never.status).toBe(409);
    expect(await never.json()).toEqual({
      message: 'This question has no decision to undo: it is awaiting moderation.',
      status: 'pending',
    });
  });
});
