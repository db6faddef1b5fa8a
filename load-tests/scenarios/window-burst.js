/**
 * The window-open burst: many members submit to one expert's window at the same moment. The
 * window takes exactly its capacity; every other submission gets a clear 409 refusal that costs
 * nothing.
 */
import { envInt } from './lib/env.js';
import { questionBody } from './lib/setup.js';
import { metric, post } from './lib/steps.js';

const MEMBERS = envInt('BURST', 200);
const CAPACITY = 10;

export const options = {
  // Setup registers and pays for accounts through the API: more than k6's default minute.
  setupTimeout: '10m',
  scenarios: {
    burst: {
      executor: 'per-vu-iterations',
      vus: MEMBERS,
      iterations: 1,
      maxDuration: '2m',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.001'],
    // A burst queues by design: it is held to an outer bound, not the interactive goals.
    http_req_duration: ['p(99)<5000'],
    window_accepted: [`count==${CAPACITY}`],
    window_refused: [`count==${MEMBERS - CAPACITY}`],
  },
};

export const metrics = { window_accepted: 'counter', window_refused: 'counter' };

export const setup = { members: MEMBERS, experts: 1, expertCapacity: CAPACITY };

export function* iteration(data, context) {
  const member = data.members[(context.vu - 1) % data.members.length];
  const expert = data.experts[0];
  const asked = yield post('/api/questions', questionBody(data, expert.userId, context.vu), {
    cookie: member.cookie,
    name: 'POST /api/questions (burst)',
    expect: [201, 409],
  });
  yield metric(asked.status === 201 ? 'window_accepted' : 'window_refused');
}
