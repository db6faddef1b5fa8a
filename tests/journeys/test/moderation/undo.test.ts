import type { ModerationInstance } from '@uapqa/moderation';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, type SignedIn, startModerationStack } from './harness.js';

/**
 * Long enough that no hold ends by the clock while a test runs on a slow machine: the tests
 * release decisions themselves, with a `now` past the hold.
 */
const HOLD_SECONDS = 600;

/** What the rest of the product hears of a held decision: only the one finally released. */
describe.each(testBackends())('undo of a held decision across the product ($name)', (backend) => {
  const stack = stackForSuite(() =>
    startModerationStack(backend, { DECISION_HOLD_SECONDS: String(HOLD_SECONDS) }),
  );
  let moderator: SignedIn;
  let admin: SignedIn;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;
  /** Announces every decision held now, as the release timer does once their hold has ended. */
  const releaseAll = () =>
    (stack.services.moderation as ModerationInstance).releaseDecisions(
      new Date(Date.now() + (HOLD_SECONDS + 1) * 1000),
    );
  const approve = (id: string) =>
    moderator.patch(statusPath(id), { status: 'approved', moderationNotes: 'Worth answering.' });
  const audited = async (asker: SignedIn, id: string) => {
    const log = await admin.get(`/api/admin/audit?subjectUserId=${asker.id}&limit=200`);
    const entries = (await log.json()) as Array<{ subject: string; action: string }>;
    return entries.filter((entry) => entry.subject === `question ${id}`);
  };

  beforeAll(async () => {
    [moderator, admin] = await Promise.all([stack.signedIn('moderator'), stack.signedIn('admin')]);
  });

  it('records a released decision once in the audit log', async () => {
    const member = await stack.member();
    const held = await stack.ask(member, await stack.expertWithRoom(1));
    expect((await approve(held.id)).status).toBe(200);
    expect(await releaseAll()).toBe(1);
    await eventually(async () => expect(await audited(member, held.id)).toHaveLength(1));
  });

  it('never tells anyone of an undone rejection: no refund, the approval alone audited', async () => {
    const member = await stack.member();
    const item = await stack.ask(member, await stack.expertWithRoom(1));
    const creditsBefore = await credits(member);
    const rejected = await moderator.patch(statusPath(item.id), {
      status: 'rejected',
      rejectionReason: 'off_topic',
      moderationNotes: 'Not about the sky.',
    });
    expect(rejected.status).toBe(200);
    expect((await moderator.post(`/api/admin/questions/${item.id}/undo`)).status).toBe(200);

    expect((await approve(item.id)).status).toBe(200);
    expect(await releaseAll()).toBe(1);
    await eventually(async () =>
      expect((await audited(member, item.id)).map((entry) => entry.action)).toEqual([
        'question_approved',
      ]),
    );
    expect(await credits(member)).toBe(creditsBefore);
  });
});
