import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { credits, type QueueItem, type SignedIn, startModerationStack } from './harness.js';

interface Listed {
  id: number;
  userId: number;
  user: { firstName: string };
}

/** The whole product: an admin delists an expert while questions to them wait or are approved. */
describe.each(testBackends())('moderation and a delisted expert ($name)', (backend) => {
  let moderator: SignedIn;
  let admin: SignedIn;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;
  const listed = async () =>
    (await (await stack.visitor().get('/api/creators')).json()) as Listed[];

  const stack = stackForSuite(() => startModerationStack(backend));
  beforeAll(async () => {
    moderator = await stack.signedIn('moderator');
    admin = await stack.signedIn('admin');
  });

  it('refuses assigning a delisted expert, refunds and tells the asker of an approved question', async () => {
    const experts = await eventually(async () => {
      const all = await listed();
      expect(all).toHaveLength(5);
      return all;
    });
    const evelyn = experts.find((expert) => expert.user.firstName === 'Evelyn')!;
    const dana = experts.find((expert) => expert.user.firstName === 'Dana')!;
    const member = await stack.member();
    const email = (await (await member.get('/api/user')).json()).email as string;
    const approved = await stack.ask(member, evelyn.userId, { title: 'Who logged the returns?' });
    const waiting = await stack.ask(member, evelyn.userId, { title: 'Were they ever explained?' });
    expect((await moderator.patch(statusPath(approved.id), { status: 'approved' })).status).toBe(
      200,
    );
    const afterAsking = await credits(member);

    expect((await admin.post(`/api/admin/creator-profiles/${evelyn.id}/delist`)).status).toBe(200);
    // Staff choose the expert to assign from this list: Evelyn is no longer on it.
    expect((await listed()).map((expert) => expert.userId)).not.toContain(evelyn.userId);

    // The queue says so once moderation has heard, and approving for her is refused.
    const item = await eventually(async () => {
      const found = (await stack.pending(moderator)).find((each) => each.id === waiting.id);
      expect(found?.expertListed).toBe(false);
      return found as QueueItem;
    });
    expect(item.creator).toMatchObject({ userId: evelyn.userId, firstName: 'Evelyn' });
    for (const body of [
      { status: 'approved' },
      { status: 'approved', assignedExpertId: evelyn.userId },
    ]) {
      const refused = await moderator.patch(statusPath(waiting.id), body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        message:
          'Evelyn is no longer available to answer questions; assign another expert, or reject the question (its credit is refunded).',
        field: 'assignedExpertId',
      });
    }
    // Another expert takes it: nothing dead-ends.
    const reassigned = await moderator.patch(statusPath(waiting.id), {
      status: 'approved',
      assignedExpertId: dana.userId,
    });
    expect(reassigned.status).toBe(200);
    expect(await reassigned.json()).toMatchObject({ assignedExpertId: dana.userId });

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

    // Listed again, she can be assigned again.
    expect((await admin.post(`/api/admin/creator-profiles/${evelyn.id}/relist`)).status).toBe(200);
    // Questions has taken her back once her window is listed again.
    await eventually(async () =>
      expect((await listed()).find((expert) => expert.userId === evelyn.userId)).toHaveProperty(
        'window',
      ),
    );
    const next = await stack.ask(member, evelyn.userId, { title: 'And the second night?' });
    await eventually(async () => {
      const found = (await stack.pending(moderator)).find((each) => each.id === next.id);
      expect(found?.expertListed).toBe(true);
    });
    expect((await moderator.patch(statusPath(next.id), { status: 'approved' })).status).toBe(200);
  });
});
