/**
 * Moderators deciding: read the pending queue, approve (mostly) or reject one of its questions.
 * Two moderators may pick the same question; the second gets 409 "already decided", an expected
 * answer. Once the queue is empty the moderators only read it.
 */
import { envInt } from './lib/env.js';
import { rampingOptions } from './lib/options.js';
import { get, json, metric, patch, pick, renewedCookie } from './lib/steps.js';

const PEAK = envInt('VUS', 10);

export const options = rampingOptions('moderation', PEAK, {
  rampUp: '10s',
  hold: '1m',
  rampDown: '10s',
});

export const metrics = { decisions: 'counter' };

export const setup = {
  members: envInt('MEMBERS', 40),
  bulkPacks: 1,
  experts: envInt('EXPERTS', 30),
  expertCapacity: 10,
  moderators: envInt('MODERATORS', 5),
  pendingQuestions: envInt('PENDING', 300),
};

export function* iteration(data, context) {
  const moderator = data.moderators[(context.vu - 1) % data.moderators.length];
  const cookie = moderator.cookie;
  const queue = yield get('/api/admin/questions/pending?limit=20', {
    cookie,
    name: 'GET /api/admin/questions/pending',
  });
  moderator.cookie = renewedCookie(cookie, queue);
  if (queue.status !== 200) return;
  const items = json(queue, 'pending');
  if (items.length === 0) return;
  const item = pick(items);
  const approve = Math.random() < 0.8;
  const decided = yield patch(
    `/api/admin/questions/${encodeURIComponent(item.id)}/status`,
    approve
      ? { status: 'approved', moderationNotes: 'Approved by the load test.' }
      : {
          status: 'rejected',
          rejectionReason: 'other',
          moderationNotes: 'Rejected by the load test.',
        },
    { cookie, name: 'PATCH /api/admin/questions/:id/status', expect: [200, 409] },
  );
  if (decided.status === 200) yield metric('decisions');
}
