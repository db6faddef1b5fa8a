import { redoclyLint } from '@uapqa/gateway/redocly-lint';
import type { ApiDocument, ApiOperation } from '@uapqa/service-kit';
import { testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, fill, keyOf, publicEndpoints } from './routes.js';
import { PRINCIPALS, type Principal, type SecurityStack, startSecurityStack } from './stack.js';

type Role = Exclude<Principal, 'anonymous'>;

/**
 * Who may call each public endpoint. 'public': everyone; 'session': any signed-in account;
 * a list of roles: only those (anonymous 401, other roles 403). Every endpoint of the running
 * gateway and services must be here: a new route without an entry fails the matrix.
 */
interface Expectation {
  access: 'public' | 'session' | Role[];
  /** A valid-looking minimal request (default: the path with ids 999999, an empty JSON body). */
  path?: string;
  body?: unknown;
  /** Ends the caller's session: sent last. */
  last?: boolean;
}

const STAFF: Role[] = ['moderator', 'admin'];
const ADMIN: Role[] = ['admin'];
const EXPERT: Role[] = ['expert'];

export const AUTHORIZATION: Record<string, Expectation> = {
  // gateway's own
  'GET /api/login': { access: 'public' },
  'GET /api/user': { access: 'session' },
  // Everyone gets 200: the user, or null for a visitor.
  'GET /api/session': { access: 'public' },
  'GET /api/health': { access: 'public' },
  'GET /api/creators': { access: 'public' },
  'GET /api/platform-stats': { access: 'public' },
  'GET /api/experts/:handle': { access: 'public', path: '/api/experts/dana' },
  'GET /api/admin/stats': { access: STAFF },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs.html': { access: 'public' },
  'GET /api/account/export': { access: 'session' },
  // identity
  'POST /api/login': { access: 'public' },
  'POST /api/register': { access: 'public' },
  'POST /api/verify-email': { access: 'public' },
  'POST /api/verify-email/resend': { access: 'public' },
  'POST /api/password-reset': { access: 'public' },
  'POST /api/password-reset/confirm': { access: 'public' },
  // The invited person has no account (nor session) until the link creates it.
  'POST /api/invitations/accept': { access: 'public' },
  'POST /api/account/password': { access: 'session' },
  'POST /api/account/email': { access: 'session' },
  // The link mailed to the new address may be opened in any browser.
  'POST /api/account/email/confirm': { access: 'public' },
  'POST /api/logout': { access: 'public', last: true },
  'GET /api/account/profile': { access: 'session' },
  // Sent without a body (no password: a 400), so it closes nothing; closing is tested end to end
  // in infra/embedded.
  'DELETE /api/account': { access: 'session' },
  // Renews from the refresh cookie: a visitor has none.
  'POST /api/session/refresh': { access: 'session' },
  'GET /api/member-count': { access: 'public' },
  'GET /api/creator-profile': { access: 'session' },
  'POST /api/creator-profile': { access: 'session' },
  'POST /api/expert-applications': { access: 'public' },
  'GET /api/waitlist/status': { access: 'public' },
  'POST /api/admin/settings/:key': { access: ADMIN, path: '/api/admin/settings/waitlist_enabled' },
  'GET /api/admin/users': { access: ADMIN },
  'PATCH /api/admin/users/:id/role': { access: ADMIN },
  'GET /api/admin/users/:id': { access: ADMIN },
  'POST /api/admin/users/:id/suspension': { access: ADMIN },
  'GET /api/admin/users/:id/credits': { access: ADMIN },
  'GET /api/admin/users/:id/questions': { access: ADMIN },
  'POST /api/admin/users/:id/credits': { access: ADMIN },
  'GET /api/admin/reports/payments': { access: ADMIN },
  'GET /api/admin/reports/content': { access: ADMIN },
  'GET /api/admin/reports/low-ratings': { access: ADMIN },
  'GET /api/admin/audit': { access: ADMIN },
  'POST /api/admin/users/:id/confirmation-link': { access: ADMIN },
  'POST /api/admin/invitations': { access: ADMIN },
  'GET /api/admin/creator-profiles': { access: ADMIN },
  'POST /api/admin/creator-profiles/:id/approve': { access: ADMIN },
  'POST /api/admin/creator-profiles/:id/reject': { access: ADMIN },
  'POST /api/admin/creator-profiles/:id/delist': { access: ADMIN },
  'POST /api/admin/creator-profiles/:id/relist': { access: ADMIN },
  'GET /api/admin/expert-applications': { access: ADMIN },
  'POST /api/admin/expert-applications/:id/approve': { access: ADMIN },
  'POST /api/admin/expert-applications/:id/decline': { access: ADMIN },
  // billing
  'POST /api/create-subscription': { access: 'session' },
  'POST /api/purchase-credits': { access: 'session' },
  'GET /api/billing/config': { access: 'public' },
  'GET /api/billing/account': { access: 'session' },
  'GET /api/billing/export': { access: 'session' },
  'GET /api/billing/accounts/:userId': { access: ADMIN },
  'GET /api/billing/earnings': { access: EXPERT },
  'GET /api/billing/stats': { access: STAFF },
  'POST /api/billing/local/confirm': { access: 'session' },
  'POST /api/billing/subscription/cancel': { access: 'session' },
  'POST /api/billing/subscription/resume': { access: 'session' },
  'GET /api/billing/payments': { access: 'session' },
  'GET /api/billing/payments/:id': { access: 'session' },
  // Authenticated by Stripe's signature, not by a session.
  'POST /api/billing/webhook': { access: 'public' },
  // questions
  'GET /api/questions': { access: 'public' },
  'POST /api/questions': { access: 'session' },
  'GET /api/questions/windows': { access: 'public' },
  'GET /api/questions/stats': { access: 'public' },
  'GET /api/questions/sitemap': { access: 'public' },
  'GET /api/questions/experts/:userId': { access: 'public' },
  // Public, but only answered questions: an unknown id is a 404 for everyone.
  'GET /api/questions/:id': { access: 'public' },
  'GET /api/my-questions': { access: 'session' },
  'GET /api/my-questions/export': { access: 'session' },
  'GET /api/my-questions/summary': { access: 'session' },
  'GET /api/my-questions/places': { access: 'session' },
  'GET /api/creator/questions': { access: EXPERT },
  'POST /api/answers': { access: EXPERT },
  'PATCH /api/answers/:id': { access: EXPERT },
  'POST /api/answers/:id/follow-up-reply': { access: EXPERT },
  // The asker's steps after the answer: any member may try; only the asker gets further.
  'POST /api/questions/:id/rating': { access: 'session' },
  'POST /api/questions/:id/follow-up': { access: 'session' },
  'POST /api/questions/:id/refund-request': { access: 'session' },
  'GET /api/questions/:id/answer-history': { access: STAFF },
  'GET /api/admin/refund-requests': { access: STAFF },
  'POST /api/admin/refund-requests/:id/decision': { access: STAFF },
  'GET /api/categories': { access: 'public' },
  'GET /api/tags': { access: 'public' },
  'GET /api/admin/categories': { access: ADMIN },
  'POST /api/admin/categories': { access: ADMIN },
  'DELETE /api/admin/categories/:id': { access: ADMIN },
  'GET /api/admin/tags': { access: ADMIN },
  'POST /api/admin/tags': { access: ADMIN },
  'DELETE /api/admin/tags/:id': { access: ADMIN },
  // moderation
  'GET /api/admin/questions/pending': { access: STAFF },
  'GET /api/admin/questions/stats': { access: STAFF },
  'PATCH /api/admin/questions/:id/status': { access: STAFF },
  // Only the moderator who decided (or an admin) gets further: the route itself is staff's.
  'POST /api/admin/questions/:id/undo': { access: STAFF },
  // notifications
  'POST /api/waitlist/join': { access: 'public' },
  'POST /api/newsletter/subscribe': { access: 'public' },
  'POST /api/newsletter/confirm': { access: 'public' },
  'POST /api/notifications/newsletter': { access: ADMIN },
  'GET /api/account/email-preferences': { access: 'session' },
  'PUT /api/account/email-preferences': { access: 'session' },
  // The signed token in the link is the credential: a visitor's forged one is a 400, not a 401.
  'GET /api/unsubscribe': { access: 'public', path: '/api/unsubscribe?token=x' },
  'GET /api/unsubscribe/details': { access: 'public', path: '/api/unsubscribe/details?token=x' },
  'POST /api/unsubscribe': { access: 'public', path: '/api/unsubscribe?token=x' },
  'POST /api/contact': { access: 'public' },
  'GET /api/notifications/stats': { access: ADMIN },
  'GET /api/notifications/export': { access: 'session' },
};

function expected(access: Expectation['access'], principal: Principal): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (principal === 'anonymous') return 401;
  if (access === 'session') return 'allowed';
  return access.includes(principal) ? 'allowed' : 403;
}

describe.each(testBackends())('authorization matrix ($name)', (backend) => {
  let stack: SecurityStack;
  let endpoints: Endpoint[];
  let unreachableEntries: string[];
  beforeAll(async () => {
    stack = await startSecurityStack(backend);
    ({ endpoints, unreachableEntries } = publicEndpoints(stack));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('has an authorization expectation for every route, and none for a route that is gone', () => {
    const missing = endpoints
      .filter((endpoint) => !(keyOf(endpoint) in AUTHORIZATION))
      .map((endpoint) => `route ${keyOf(endpoint)} has no authorization expectation`);
    expect(missing).toEqual([]);
    const known = new Set(endpoints.map(keyOf));
    const stale = Object.keys(AUTHORIZATION).filter((key) => !known.has(key));
    expect(stale, 'expectations for routes that no longer exist').toEqual([]);
    expect(unreachableEntries, 'ROUTE_TABLE entries that reach no service route').toEqual([]);
  });

  it('the API document lists every route, with the access the matrix expects', async () => {
    const res = await stack.visitor().get('/api/docs');
    expect(res.status).toBe(200);
    const document = (await res.json()) as ApiDocument;
    expect(document['x-unavailable-services']).toBeUndefined();
    const documented = new Map<string, ApiOperation>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        documented.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, operation);
      }
    }
    const known = new Set(endpoints.map(keyOf));
    expect(endpoints.map(keyOf).filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented.keys()].filter((key) => !known.has(key))).toEqual([]);
    const mismatched = endpoints.flatMap((endpoint) => {
      const access = AUTHORIZATION[keyOf(endpoint)]?.access;
      const operation = documented.get(keyOf(endpoint));
      if (!access || !operation) return [];
      const stated =
        (operation.security as unknown[] | undefined)?.length === 0
          ? 'public'
          : operation['x-roles']
            ? [...(operation['x-roles'] as Role[])].sort()
            : 'session';
      const wanted = Array.isArray(access) ? [...access].sort() : access;
      return JSON.stringify(stated) === JSON.stringify(wanted)
        ? []
        : [`${keyOf(endpoint)} documented as ${stated}, expected ${wanted}`];
    });
    const errors = (await redoclyLint(document))
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect({ mismatched, errors }).toEqual({ mismatched: [], errors: [] });
  }, 120_000);

  it('answers every route × role with the expected status class', async () => {
    const rows = endpoints
      .filter((endpoint) => keyOf(endpoint) in AUTHORIZATION)
      .sort(
        (a, b) =>
          Number(AUTHORIZATION[keyOf(a)]!.last ?? false) -
          Number(AUTHORIZATION[keyOf(b)]!.last ?? false),
      );
    const failures: string[] = [];
    for (const endpoint of rows) {
      const expectation = AUTHORIZATION[keyOf(endpoint)]!;
      const path = expectation.path ?? fill(endpoint.path, () => '999999');
      for (const principal of PRINCIPALS) {
        const hasBody = !['GET', 'HEAD', 'DELETE'].includes(endpoint.method);
        const response = await stack.send(principal, path, {
          method: endpoint.method,
          redirect: 'manual',
          ...(hasBody
            ? {
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(expectation.body ?? {}),
              }
            : {}),
        });
        const want = expected(expectation.access, principal);
        const got = response.status;
        const row = `${keyOf(endpoint)} as ${principal}: ${got}`;
        if (got >= 500) failures.push(`${row} (server error)`);
        else if (want === 'allowed' && (got === 401 || got === 403)) {
          failures.push(`${row}, expected access (${await response.text()})`);
        } else if (want !== 'allowed' && got !== want) {
          failures.push(`${row}, expected ${want}`);
        } else if (want === 401) {
          const body = await response.json();
          if (!String(body.message).includes('Unauthorized'))
            failures.push(`${row}: 401 body without 'Unauthorized'`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
