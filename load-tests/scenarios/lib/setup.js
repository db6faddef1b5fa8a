/**
 * Setup through the public API only, from a declarative need:
 *
 *   { members: 50, bulkPacks: 1, experts: 10, expertCapacity: 10, moderators: 2, pendingQuestions: 100 }
 *
 * - every account: invited by the admin with its role, and created by opening the invitation
 *   with its password (no mail is read: the same under k6 and the Node runner);
 * - members: subscribed with the local payment provider (create-subscription →
 *   clientSecret → /api/billing/local/confirm), plus `bulkPacks` bulk credit packs each;
 * - experts: applied (creator profile with `expertCapacity` questions per week), approved by the
 *   admin, and waited for until the questions service knows their window;
 * - moderators: invited as moderators;
 * - pendingQuestions: asked by the members (round robin over the experts, no member holding more
 *   than its places in one window), and waited for until the moderation queue holds them.
 *
 * The admin logs in with ADMIN_USERNAME / ADMIN_PASSWORD (the launcher's; local defaults).
 * Everything is named after a fresh run id, so setups never collide on a long-lived stack.
 * Returns the data every iteration receives.
 */
import { ENV, envInt } from './env.js';
import { batch, clientAddress, get, json, must, note, post, sleep, withQuery } from './steps.js';

export const PASSWORD = 'load-test-password';

/**
 * The places one member may hold in one expert's window a week (the product's rule, which
 * keeps a window from being filled by a single member). These scenarios run inside k6 and
 * cannot import the contracts package, so the figure is repeated here.
 */
export const PLACES_PER_MEMBER_PER_WINDOW = 2;

/**
 * Who asks whom for `count` questions: the experts in turn, so every window fills evenly, each
 * asked by the next member in turn who still has a place left in that expert's window.
 */
export function askingPlan(count, memberCount, expertCount) {
  const held = new Map();
  const plan = [];
  let next = 0;
  for (let n = 0; n < count; n++) {
    const expert = n % expertCount;
    let member = -1;
    for (let tried = 0; tried < memberCount; tried++) {
      const candidate = (next + tried) % memberCount;
      if ((held.get(`${candidate}:${expert}`) ?? 0) < PLACES_PER_MEMBER_PER_WINDOW) {
        member = candidate;
        break;
      }
    }
    if (member < 0) {
      throw new Error(
        `setup: ${memberCount} members cannot ask ${count} questions of ${expertCount} experts ` +
          `with at most ${PLACES_PER_MEMBER_PER_WINDOW} places each in a window`,
      );
    }
    held.set(`${member}:${expert}`, (held.get(`${member}:${expert}`) ?? 0) + 1);
    plan.push({ member, expert });
    next = (member + 1) % memberCount;
  }
  return plan;
}

/** Requests in flight at once during setup (argon2 hashing dominates registration). */
function chunkSize() {
  return envInt('SETUP_CONCURRENCY', 16);
}

/** Runs `makeRequest(i)` for i < count, `chunkSize()` at a time; returns the responses. */
function* inChunks(count, makeRequest) {
  const responses = [];
  for (let start = 0; start < count; start += chunkSize()) {
    const requests = [];
    for (let i = start; i < Math.min(count, start + chunkSize()); i++)
      requests.push(makeRequest(i));
    const answered = yield batch(requests);
    for (const response of answered) responses.push(response);
  }
  return responses;
}

function* login(username, password, n) {
  const response = must(
    yield post(
      '/api/login',
      { username, password },
      { name: 'login', headers: { 'x-forwarded-for': clientAddress(n) } },
    ),
    [200],
    `login as ${username}`,
  );
  return { ...json(response, 'login'), cookie: response.cookies };
}

/**
 * Creates `count` accounts named `<prefix><i>` with `role`, as an operator would: the admin
 * invites each (`POST /api/admin/invitations`), and the invitation's link (its path is in the
 * answer) is opened with the account's password, which creates the account and signs it in.
 * No mail is read, so the setup runs the same under k6 and under the Node runner. Returns
 * `{ id, username, cookie }` each.
 */
function* createAccounts(admin, runId, prefix, count, role) {
  const invited = yield* inChunks(count, (i) =>
    post(
      '/api/admin/invitations',
      {
        username: `${prefix}${runId}_${i}`,
        email: `${prefix}${runId}_${i}@load.test`,
        firstName: 'Load',
        lastName: `Tester ${i}`,
        role,
      },
      { cookie: admin.cookie, name: 'invite' },
    ),
  );
  const tokens = invited.map((response, i) => {
    const { invitationPath } = json(must(response, [201], `invite ${prefix}${i}`), 'invite');
    return decodeURIComponent(invitationPath.split('token=')[1]);
  });
  const accepted = yield* inChunks(count, (i) =>
    post(
      '/api/invitations/accept',
      { token: tokens[i], password: PASSWORD },
      { name: 'accept invitation' },
    ),
  );
  return accepted.map((response, i) => {
    const user = json(must(response, [200], `accept invitation ${prefix}${i}`), 'accept');
    return { id: user.id, username: user.username, cookie: response.cookies };
  });
}

/** A local-provider payment: the call that returns a clientSecret, then the confirmation. */
function* pay(users, path, body, what) {
  const started = yield* inChunks(users.length, (i) =>
    post(path, body, { cookie: users[i].cookie, name: what }),
  );
  const secrets = started.map(
    (response, i) =>
      json(must(response, [200, 201], `${what} for ${users[i].username}`), what).clientSecret,
  );
  const confirmed = yield* inChunks(users.length, (i) =>
    post(
      '/api/billing/local/confirm',
      { clientSecret: secrets[i], outcome: 'succeeded' },
      { cookie: users[i].cookie, name: 'confirm payment' },
    ),
  );
  confirmed.forEach((response, i) => {
    must(response, [200], `confirm ${what} for ${users[i].username}`);
  });
}

/** A category id and tag ids to ask with: the archive's, or one of each made by the admin. */
function* taxonomy(admin) {
  const categoryIds = yield* listIds(admin, 'categories', {
    name: 'Load test sightings',
    description: 'Made by the load-test setup.',
  });
  const tagIds = yield* listIds(admin, 'tags', {
    name: 'load-test',
    description: 'Made by the load-test setup.',
  });
  return { categoryIds, tagIds };
}

/** The ids `/api/<list>` shows; with `admin`, an empty list gets `first` made in it first. */
function* listIds(admin, list, first) {
  let items = json(must(yield get(`/api/${list}`), [200], list), list);
  if (items.length === 0 && admin) {
    must(
      yield post(`/api/admin/${list}`, first, { cookie: admin.cookie }),
      [200, 201],
      `create in ${list}`,
    );
    items = json(yield get(`/api/${list}`), list);
  }
  return items.map((item) => item.id);
}

/** The body of a question to an expert (valid by the API's rules). */
export function questionBody(data, expertId, n) {
  return {
    assignedCreatorId: expertId,
    categoryId: data.categoryIds[n % data.categoryIds.length],
    title: `What explains the lights over the ridge, report ${n}?`,
    content: `Several witnesses saw three slow lights at dusk; report number ${n} of a load test.`,
    tagIds: [data.tagIds[n % data.tagIds.length]],
  };
}

export function* prepare(need = {}) {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const members = need.members ?? 0;
  const experts = need.experts ?? 0;
  const moderators = need.moderators ?? 0;
  const pending = need.pendingQuestions ?? 0;
  const capacity = need.expertCapacity ?? 10;
  const data = { runId, members: [], experts: [], moderators: [], categoryIds: [], tagIds: [] };

  // Every account is created by the admin's invitation.
  const needsAdmin = members > 0 || experts > 0 || moderators > 0;
  const admin = needsAdmin
    ? yield* login(ENV.ADMIN_USERNAME || 'admin', ENV.ADMIN_PASSWORD || 'local-admin-password', 1)
    : null;
  Object.assign(data, yield* taxonomy(admin));

  if (members > 0) {
    data.members = yield* createAccounts(admin, runId, 'm', members, 'user');
    yield note(`setup: created ${members} members`);
    yield* pay(data.members, '/api/create-subscription', undefined, 'create subscription');
    for (let pack = 0; pack < (need.bulkPacks ?? 0); pack++) {
      yield* pay(data.members, '/api/purchase-credits', { package: 'bulk' }, 'purchase credits');
    }
    yield note(`setup: ${members} members subscribed, ${need.bulkPacks ?? 0} bulk packs each`);
  }

  if (experts > 0) {
    const users = yield* createAccounts(admin, runId, 'e', experts, 'user');
    const applied = yield* inChunks(experts, (i) =>
      post(
        '/api/creator-profile',
        {
          brandName: `Load Expert ${i}`,
          bio: 'A synthetic expert made by the load-test setup; answers nothing, takes questions.',
          credentials: 'Twenty years of synthetic field investigations.',
          expertise: 'Radar anomalies',
          experienceYears: 20,
          questionsPerWeek: capacity,
          weeklyRate: 0,
        },
        { cookie: users[i].cookie, name: 'creator profile' },
      ),
    );
    const profileIds = applied.map(
      (response, i) => json(must(response, [200, 201], `creator profile ${i}`), 'profile').id,
    );
    const approved = yield* inChunks(experts, (i) =>
      post(`/api/admin/creator-profiles/${profileIds[i]}/approve`, undefined, {
        cookie: admin.cookie,
        name: 'approve creator',
      }),
    );
    approved.forEach((response, i) => {
      must(response, [200, 201], `approve creator ${i}`);
    });
    data.experts = users.map((user) => ({ userId: user.id, capacity }));
    yield note(`setup: ${experts} experts approved`);
    // CreatorApproved reaches the questions service over the bus: wait for every window.
    const wanted = new Set(data.experts.map((expert) => expert.userId));
    for (let attempt = 0; ; attempt++) {
      const windows = json(must(yield get('/api/questions/windows'), [200], 'windows'), 'windows');
      const known = windows.filter((w) => wanted.has(w.creatorId)).length;
      if (known === wanted.size) break;
      if (attempt > 300)
        throw new Error(`setup: only ${known}/${wanted.size} experts reached questions`);
      yield sleep(0.1);
    }
  }

  if (moderators > 0) {
    const users = yield* createAccounts(admin, runId, 'mod', moderators, 'moderator');
    data.moderators = users.map((user) => ({
      id: user.id,
      username: user.username,
      cookie: user.cookie,
    }));
  }

  if (pending > 0) {
    yield note(`setup: asking ${pending} questions`);
    if (data.members.length === 0 || data.experts.length === 0) {
      throw new Error('setup: pendingQuestions needs members and experts');
    }
    if (pending > data.experts.length * capacity) {
      throw new Error('setup: pendingQuestions exceeds the experts’ window places');
    }
    const staff = data.moderators[0] ?? admin;
    const queued = (response) => Number(response.headers['x-total-count'] ?? 0);
    const before = queued(
      must(
        yield get(withQuery('/api/admin/questions/pending', { limit: 1 }), {
          cookie: staff.cookie,
        }),
        [200],
        'pending queue',
      ),
    );
    const plan = askingPlan(pending, data.members.length, data.experts.length);
    const asked = yield* inChunks(pending, (n) => {
      const member = data.members[plan[n].member];
      const expert = data.experts[plan[n].expert];
      return post('/api/questions', questionBody(data, expert.userId, n), {
        cookie: member.cookie,
        name: 'ask',
      });
    });
    data.pending = asked.map((response, n) => ({
      questionId: json(must(response, [201], `ask question ${n}`), 'ask').id,
      asker: plan[n].member,
    }));
    // QuestionSubmitted reaches moderation over the bus: wait until the queue holds them all.
    for (let attempt = 0; ; attempt++) {
      const now = queued(
        yield get(withQuery('/api/admin/questions/pending', { limit: 1 }), {
          cookie: staff.cookie,
        }),
      );
      if (now >= before + pending) break;
      if (attempt > 300)
        throw new Error(`setup: ${now - before}/${pending} questions reached moderation`);
      yield sleep(0.1);
    }
  }
  return data;
}
