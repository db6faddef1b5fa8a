import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { beforeAll, describe, expect, it } from 'vitest';
import { type QueueItem, type SignedIn, startModeration } from './harness.js';

/** Identity delists an expert while questions to them wait in the queue. */
describe.each(testBackends())('moderation and a delisted expert ($name)', (backend) => {
  let moderator: SignedIn;

  const statusPath = (id: string) => `/api/admin/questions/${id}/status`;

  const stack = stackForSuite(() => startModeration(backend));
  beforeAll(async () => {
    moderator = await stack.signedIn('moderator');
  });

  it('refuses assigning a delisted expert, and assigns them again once relisted', async () => {
    const [evelyn, dana] = await Promise.all([stack.expert('Evelyn'), stack.expert('Dana')]);
    const member = await stack.member();
    const waiting = await stack.ask(member, evelyn.id, { title: 'Were they ever explained?' });

    await stack.listing(evelyn, false);
    // The queue says so once moderation has heard, and approving for her is refused.
    const item = await eventually(async () => {
      const found = (await stack.pending(moderator)).find((each) => each.id === waiting.id);
      expect(found?.expertListed).toBe(false);
      return found as QueueItem;
    });
    expect(item.creator).toMatchObject({ userId: evelyn.id, firstName: 'Evelyn' });
    for (const body of [
      { status: 'approved' },
      { status: 'approved', assignedExpertId: evelyn.id },
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
      assignedExpertId: dana.id,
    });
    expect(reassigned.status).toBe(200);
    expect(await reassigned.json()).toMatchObject({ assignedExpertId: dana.id });

    // Listed again, she can be assigned again.
    await stack.listing(evelyn, true);
    const next = await stack.ask(member, evelyn.id, { title: 'And the second night?' });
    await eventually(async () => {
      const found = (await stack.pending(moderator)).find((each) => each.id === next.id);
      expect(found?.expertListed).toBe(true);
    });
    expect((await moderator.patch(statusPath(next.id), { status: 'approved' })).status).toBe(200);
  });
});
