/**
 * A member session: who am I, my recent questions, the experts, a browse page, and now and then
 * a question to a random expert. A full window answers 409 with a clear message: an expected
 * refusal, not a failure.
 */
import { browsePage } from './browse.js';
import { envInt, envNumber } from './lib/env.js';
import { rampingOptions } from './lib/options.js';
import { questionBody } from './lib/setup.js';
import { get, metric, pick, post, renewedCookie } from './lib/steps.js';

const PEAK = envInt('VUS', 50);
/** Share of sessions that ask a question. */
const ASK_RATIO = envNumber('ASK_RATIO', 0.1);

export const options = rampingOptions('member', PEAK, {
  rampUp: '30s',
  hold: '2m',
  rampDown: '15s',
});

export const metrics = { questions_accepted: 'counter', questions_refused: 'counter' };

export const setup = {
  members: envInt('MEMBERS', 50),
  bulkPacks: 1,
  experts: envInt('EXPERTS', 10),
  expertCapacity: 10,
};

export function* iteration(data, context) {
  const member = data.members[(context.vu - 1) % data.members.length];
  const me = yield get('/api/user', { cookie: member.cookie, name: 'GET /api/user' });
  // This VU's copy of the member keeps a renewed session (runs longer than 15 minutes).
  member.cookie = renewedCookie(member.cookie, me);
  const cookie = member.cookie;
  yield get('/api/my-questions?limit=5', { cookie, name: 'GET /api/my-questions' });
  yield get('/api/creators', { cookie, name: 'GET /api/creators' });
  yield* browsePage(data, cookie);
  if (data.experts.length && Math.random() < ASK_RATIO) {
    const expert = pick(data.experts);
    const asked = yield post(
      '/api/questions',
      questionBody(data, expert.userId, context.iteration),
      { cookie, name: 'POST /api/questions', expect: [201, 409] },
    );
    yield metric(asked.status === 201 ? 'questions_accepted' : 'questions_refused');
  }
}
