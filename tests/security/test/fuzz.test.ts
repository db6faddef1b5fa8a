import type { Browser } from '@uapqa/service-kit/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as arb from './arbitraries.js';
import { type Endpoint, fill, keyOf, publicEndpoints } from './routes.js';
import {
  ORIGIN,
  PRINCIPALS,
  type Principal,
  type SecurityStack,
  startSecurityStack,
} from './stack.js';
import { mutate, mutation, type Template, templates } from './templates.js';

/** Property runs per route family (FUZZ_RUNS overrides; the real servers get half). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/**
 * Endpoints that take no input, so any request is a valid one and may write: whoever would
 * call them signed in calls them anonymously instead. (The member is already subscribed, so
 * its create-subscription is a no-op; only the member has a subscription to cancel, and nobody
 * has a cancellation to withdraw, so a resume is a no-op for everyone.)
 */
const NO_INPUT_WRITES: Record<string, Principal[]> = {
  'POST /api/logout': ['anonymous'],
  'POST /api/create-subscription': ['anonymous', 'member'],
  'POST /api/billing/subscription/cancel': ['anonymous', 'expert', 'moderator', 'admin'],
  // An admin's delisting of a real expert (the fuzzed id may name one) is a write, not bad input.
  'POST /api/admin/creator-profiles/:id/delist': ['anonymous', 'member', 'expert', 'moderator'],
  'POST /api/admin/creator-profiles/:id/relist': ['anonymous', 'member', 'expert', 'moderator'],
  // An admin's new link for a real account waiting for confirmation is a mail sent, not bad input.
  'POST /api/admin/users/:id/confirmation-link': ['anonymous', 'member', 'expert', 'moderator'],
};

interface FuzzRequest {
  endpoint: Endpoint;
  principal: Principal;
  method: string;
  path: string;
  init: RequestInit;
}

function fuzzRequest(
  endpoints: Endpoint[],
  bodies: Record<string, Template>,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      endpoint: fc.constantFrom(...endpoints),
      principal: fc.constantFrom(...PRINCIPALS),
      // Mostly the route's own method and path, sometimes another method or an unknown sub-path.
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: arb.method },
      ),
      params: fc.array(arb.segment, { minLength: 2, maxLength: 2 }),
      tail: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.array(arb.segment, { minLength: 1, maxLength: 3 }) },
      ),
      query: arb.queryString,
      body: arb.body,
      // Half the time, when the route takes a body: a valid one with one required field broken.
      nearValid: fc.option(mutation, { freq: 2, nil: undefined }),
      headers: arb.headers,
      origin: arb.origin(ORIGIN),
    })
    .map(
      ({
        endpoint,
        principal,
        method: other,
        params,
        tail,
        query,
        body,
        nearValid,
        headers,
        origin,
      }) => {
        const method = other ?? endpoint.method;
        let path = fill(endpoint.path, () => params.shift() ?? '1');
        // A wildcard route: sometimes a sub-path nobody registered.
        if (tail && endpoint.via?.endsWith('/*')) path = endpoint.via.slice(0, -1) + tail.join('/');
        const allowed = NO_INPUT_WRITES[keyOf({ method, path: endpoint.path })];
        if (allowed && !allowed.includes(principal)) principal = 'anonymous';
        const sent = new Headers();
        for (const [name, value] of Object.entries(headers)) sent.set(name, value);
        if (origin === undefined) sent.delete('origin');
        else sent.set('origin', origin);
        const template = bodies[keyOf({ method, path: endpoint.path })];
        if (template && nearValid) {
          body = {
            text: JSON.stringify(mutate(template, nearValid)),
            contentType: 'application/json',
          };
        }
        const withBody = method !== 'GET' && method !== 'HEAD' && body.text !== undefined;
        if (body.contentType !== undefined) sent.set('content-type', body.contentType);
        return {
          endpoint,
          principal,
          method,
          path: `${path}${query}`,
          init: {
            method,
            headers: sent,
            redirect: 'manual',
            ...(withBody ? { body: body.text as BodyInit } : {}),
          },
        } satisfies FuzzRequest;
      },
    );
}

const STACK_TRACE = /\n\s+at \S|node_modules|\.[jt]s:\d+:\d+/;

/** What every answer to bad input must be: no 5xx, a JSON error body, the secure headers. */
async function expectSafeAnswer(request: FuzzRequest, response: Response): Promise<void> {
  const what = `${request.principal} ${request.method} ${request.path} → ${response.status}`;
  const text = await response.text();
  if (response.status >= 500) throw new Error(`${what}: server error ${text}`);
  const csp = response.headers.get('content-security-policy') ?? '';
  if (!/frame-ancestors '(none|self)'/.test(csp)) throw new Error(`${what}: no CSP`);
  if (response.headers.get('x-content-type-options') !== 'nosniff')
    throw new Error(`${what}: no X-Content-Type-Options`);
  if (STACK_TRACE.test(text)) throw new Error(`${what}: a stack trace reached the client: ${text}`);
  if (response.status < 400 || request.method === 'HEAD') return;
  if (!response.headers.get('content-type')?.includes('application/json'))
    throw new Error(`${what}: error without a JSON body: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { message?: unknown; error?: unknown };
  const isContact = request.path.split('?')[0] === '/api/contact';
  const message = isContact ? (body.error ?? body.message) : body.message;
  if (typeof message !== 'string' || message.length === 0)
    throw new Error(`${what}: error body without a message: ${text.slice(0, 200)}`);
}

type Snapshot = Record<string, unknown>;

/** Everything the API shows of the databases that a write on bad input would change. */
async function snapshot(stack: SecurityStack): Promise<Snapshot> {
  const admin = await stack.as('admin');
  const json = async (browser: Browser, path: string) => {
    const response = await browser.get(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const total = async (browser: Browser, path: string) => {
    const response = await browser.get(path);
    expect(response.status, path).toBe(200);
    return response.headers.get('x-total-count');
  };
  const notifications = await json(admin, '/api/notifications/stats');
  const mail = Object.values(notifications.mail as Record<string, number>);
  return {
    categories: await json(admin, '/api/categories'),
    tags: await json(admin, '/api/tags'),
    // Each signed-in account's own view: who it is, its billing, its questions, its application.
    accounts: await Promise.all(
      PRINCIPALS.filter((principal) => principal !== 'anonymous').map(async (principal) => {
        const browser = await stack.as(principal);
        return {
          user: await json(browser, '/api/user'),
          account: await json(browser, '/api/billing/account'),
          questions: (await json(browser, '/api/my-questions?limit=100')).length,
          application: await json(browser, '/api/creator-profile'),
        };
      }),
    ),
    archive: await total(admin, '/api/questions'),
    queue: await total(admin, '/api/admin/questions/pending'),
    staff: await json(admin, '/api/admin/stats'),
    lists: { ...notifications, mail: mail.reduce((sum, n) => sum + n, 0) },
    users: (await json(admin, '/api/admin/users?limit=200')).map(
      (user: { id: number; username: string; role: string; email: string }) =>
        `${user.id} ${user.username} ${user.email} ${user.role}`,
    ),
    memberCount: await json(admin, '/api/member-count'),
    applications: {
      pending: (await json(admin, '/api/admin/creator-profiles?status=pending')).length,
      approved: (await json(admin, '/api/admin/creator-profiles?status=approved')).length,
      rejected: (await json(admin, '/api/admin/creator-profiles?status=rejected')).length,
      experts: (await json(admin, '/api/admin/expert-applications')).length,
      expertsPending: (await json(admin, '/api/admin/expert-applications?status=pending')).length,
    },
    waitlist: await json(admin, '/api/waitlist/status'),
    experts: (await json(admin, '/api/creators')).map(
      (expert: { userId: number; window?: { remaining: number } }) =>
        `${expert.userId} ${expert.window?.remaining}`,
    ),
  };
}

describe.each(testBackends())('bad input at every public route ($name)', (backend) => {
  const runs = backend.name === 'real' ? Math.max(10, Math.round(RUNS / 2)) : RUNS;
  let stack: SecurityStack;
  let endpoints: Endpoint[];
  let bodies: Record<string, Template>;
  beforeAll(async () => {
    stack = await startSecurityStack(backend, { subscribeMember: true });
    for (const principal of PRINCIPALS) await stack.as(principal);
    ({ endpoints } = publicEndpoints(stack));
    const visitor = await stack.as('anonymous');
    const [expert] = await (await visitor.get('/api/creators')).json();
    const [category] = await (await visitor.get('/api/categories')).json();
    const [tag] = await (await visitor.get('/api/tags')).json();
    bodies = templates({ expertId: expert.userId, categoryId: category.id, tagId: tag.id });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const families = ['gateway', 'identity', 'billing', 'questions', 'moderation', 'notifications'];
  it.each(families)('%s routes: no 5xx, JSON errors with a message, no write', async (family) => {
    const ours = endpoints.filter((endpoint) => endpoint.owner === family);
    expect(ours.length, `${family} has public routes`).toBeGreaterThan(0);
    const before = await snapshot(stack);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(ours, bodies), async (request) => {
        const response = await stack.send(request.principal, request.path, request.init);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        await expectSafeAnswer(request, response);
      }),
      { numRuns: runs },
    );
    if (process.env.FUZZ_DEBUG) console.log(family, Object.fromEntries(statuses));
    expect(await snapshot(stack)).toEqual(before);
  });

  it('refuses a body over the limit with 413 and a message on every route, before any write', async () => {
    const before = await snapshot(stack);
    const oversized = `{"message":"${'x'.repeat(1024 * 1024)}"}`;
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const method = endpoint.method === 'GET' ? 'POST' : endpoint.method;
      for (const principal of ['anonymous', 'member'] as const) {
        const response = await stack.send(
          principal,
          fill(endpoint.path, () => '1'),
          {
            method,
            headers: { 'content-type': 'application/json' },
            body: oversized,
          },
        );
        const body = await response.json().catch(() => ({}));
        if (response.status !== 413 || typeof body.message !== 'string')
          failures.push(`${method} ${endpoint.path} as ${principal}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(stack)).toEqual(before);
  });
});
