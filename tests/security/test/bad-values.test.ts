import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecurityStack, startSecurityStack } from './stack.js';

/** One past PostgreSQL's largest integer: passes "a positive whole number", fails in the database. */
const BEYOND_INT4 = 2 ** 31;
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Case {
  what: string;
  send(stack: SecurityStack): Promise<Response>;
}

/** A 4xx with a `{ message }` body (the fuzz's rule), not a 500. */
async function expectClientError(response: Response, what: string) {
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
  expect(typeof (await response.json()).message, what).toBe('string');
}

/** Cases the fuzz found answering 500, fixed in the services' and gateway's route files. */
const FIXED: Case[] = [
  ...(['categories', 'tags'] as const).map((kind) => ({
    what: `DELETE /api/admin/${kind}/2147483648 (id beyond integer)`,
    send: async (stack: SecurityStack) =>
      (await stack.as('admin')).delete(`/api/admin/${kind}/${BEYOND_INT4}`),
  })),
  ...(['approve', 'reject', 'delist', 'relist'] as const).map((verb) => ({
    what: `POST /api/admin/creator-profiles/2147483648/${verb}`,
    send: async (stack: SecurityStack) =>
      (await stack.as('admin')).post(`/api/admin/creator-profiles/${BEYOND_INT4}/${verb}`),
  })),
  ...(['approve', 'decline'] as const).map((verb) => ({
    what: `POST /api/admin/expert-applications/2147483648/${verb}`,
    send: async (stack: SecurityStack) =>
      (await stack.as('admin')).post(`/api/admin/expert-applications/${BEYOND_INT4}/${verb}`),
  })),
  {
    what: 'PATCH /api/admin/users/2147483648/role',
    send: async (stack) =>
      (await stack.as('admin')).patch(`/api/admin/users/${BEYOND_INT4}/role`, { role: 'user' }),
  },
  ...[
    { s: '2026-01-01T00:00:00.000Z', i: 'a\u0000b' },
    { s: '2026-02-30T00:00:00.000Z', i: 'x' },
    { s: '+099999-01-01T00:00:00.000Z', i: 'x' },
    { s: '99999-01-01', i: 'x' },
    { s: '1', i: 'x' },
    { s: '2026-01-01T00:00:00.000Z', i: 'x'.repeat(201) },
  ].map((forged) => ({
    what: `GET /api/admin/questions/pending with a forged cursor ${JSON.stringify(forged).slice(0, 60)}`,
    send: async (stack: SecurityStack) =>
      (await stack.as('moderator')).get(`/api/admin/questions/pending?cursor=${cursor(forged)}`),
  })),
  ...['%00', 'x'.repeat(300), "1'%20or%201=1", '00000000-0000-0000-0000-00000000000g'].map(
    (id) => ({
      what: `GET /api/questions/${id.slice(0, 40)} (not a question id, anyone)`,
      send: async (stack: SecurityStack) =>
        (await stack.as('anonymous')).get(`/api/questions/${id}`),
    }),
  ),
  ...['offset=99999999999', 'offset=-1', 'limit=1e9', 'status=%00'].map((query) => ({
    what: `GET /api/my-questions?${query}`,
    send: async (stack: SecurityStack) =>
      (await stack.as('member')).get(`/api/my-questions?${query}`),
  })),
  ...['offset=99999999999999', 'limit=50001', 'limit=%00'].map((query) => ({
    what: `GET /api/questions/sitemap?${query} (anyone)`,
    send: async (stack: SecurityStack) =>
      (await stack.as('anonymous')).get(`/api/questions/sitemap?${query}`),
  })),
  {
    what: 'PATCH /api/admin/questions/%00/status (NUL as the question id)',
    send: async (stack) =>
      (await stack.as('moderator')).patch('/api/admin/questions/%00/status', {
        status: 'rejected',
      }),
  },
];

/**
 * Ids beyond PostgreSQL's integer in the shared schemas (packages/contracts refuses them), and
 * NUL bytes in any text (service-kit's readJson/readQuery refuse them; its error handler turns
 * any other SQLSTATE class 22 into a 400). Each once answered 500.
 */
function valuesPostgresRefuses(
  question: () => { body: Record<string, unknown>; pendingId: string },
): Case[] {
  const nul = 'a\u0000b';
  return [
    ...(['assignedCreatorId', 'categoryId'] as const).map((field) => ({
      what: `POST /api/questions with ${field} beyond integer`,
      send: async (stack: SecurityStack) =>
        (await stack.as('member')).post('/api/questions', {
          ...question().body,
          [field]: BEYOND_INT4,
        }),
    })),
    {
      what: 'POST /api/questions with a tag id beyond integer',
      send: async (stack) =>
        (await stack.as('member')).post('/api/questions', {
          ...question().body,
          tagIds: [BEYOND_INT4],
        }),
    },
    ...(['categoryId', 'creatorId'] as const).map((name) => ({
      what: `GET /api/questions?${name}=2147483648 (anyone)`,
      send: async (stack: SecurityStack) =>
        (await stack.as('anonymous')).get(`/api/questions?${name}=${BEYOND_INT4}`),
    })),
    {
      what: 'PATCH /api/admin/questions/:id/status approving for expert id beyond integer',
      send: async (stack) =>
        (await stack.as('moderator')).patch(`/api/admin/questions/${question().pendingId}/status`, {
          status: 'approved',
          assignedExpertId: BEYOND_INT4,
        }),
    },
    {
      what: 'POST /api/login with a NUL in the username (anyone)',
      send: async (stack) =>
        (await stack.as('anonymous')).post('/api/login', { username: nul, password: 'x' }),
    },
    {
      what: 'POST /api/register with a NUL in the password',
      send: async (stack) =>
        (await stack.as('anonymous')).post('/api/register', {
          username: 'nul_user',
          email: 'nul@example.com',
          password: `correct horse ${nul}`,
        }),
    },
    {
      what: 'POST /api/contact with a NUL in the message (anyone)',
      send: async (stack) =>
        (await stack.as('anonymous')).post('/api/contact', {
          name: 'Nul',
          email: 'nul@example.com',
          message: nul,
        }),
    },
    {
      what: 'POST /api/expert-applications with a NUL in the name (anyone)',
      send: async (stack) =>
        (await stack.as('anonymous')).post('/api/expert-applications', {
          name: nul,
          email: 'nul@example.com',
          phone: '+1 555 0100',
          duration: 6,
          questionsPerWeek: 3,
        }),
    },
    {
      what: 'POST /api/questions with a NUL in the title',
      send: async (stack) =>
        (await stack.as('member')).post('/api/questions', {
          ...question().body,
          title: `What did they ${nul} see?`,
        }),
    },
    {
      what: 'POST /api/admin/categories with a NUL in the name',
      send: async (stack) => (await stack.as('admin')).post('/api/admin/categories', { name: nul }),
    },
    {
      what: 'GET /api/admin/users?search=%00',
      send: async (stack) => (await stack.as('admin')).get('/api/admin/users?search=%00'),
    },
    {
      what: 'POST /api/billing/local/confirm with a NUL in the client secret',
      send: async (stack) =>
        (await stack.as('member')).post('/api/billing/local/confirm', {
          clientSecret: nul,
          outcome: 'succeeded',
        }),
    },
  ];
}

describe.each(testBackends())('bad values the fuzz found ($name)', (backend) => {
  let stack: SecurityStack;
  let body: Record<string, unknown>;
  let pendingId: string;
  beforeAll(async () => {
    stack = await startSecurityStack(backend, { subscribeMember: true });
    const visitor = await stack.as('anonymous');
    const [expert] = await (await visitor.get('/api/creators')).json();
    const [category] = await (await visitor.get('/api/categories')).json();
    const [tag] = await (await visitor.get('/api/tags')).json();
    body = {
      assignedCreatorId: expert.userId,
      categoryId: category.id,
      title: 'What did the radar operators see?',
      content: 'Looking for the sequence of radar events during the encounter.',
      tagIds: [tag.id],
    };
    const asked = await (await stack.as('member')).post('/api/questions', body);
    expect(asked.status).toBe(201);
    pendingId = (await asked.json()).id;
    const moderator = await stack.as('moderator');
    await eventually(async () => {
      const queue = await (await moderator.get('/api/admin/questions/pending')).json();
      expect(queue.map((item: { id: string }) => item.id)).toContain(pendingId);
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(FIXED)('$what → 4xx with a message', async ({ what, send }) => {
    await expectClientError(await send(stack), what);
  });

  it('HEAD on the composed /api/creators and /api/user → 200, no body', async () => {
    for (const [principal, path] of [
      ['anonymous', '/api/creators'],
      ['member', '/api/creators'],
      ['member', '/api/user'],
    ] as const) {
      const response = await stack.send(principal, path, { method: 'HEAD' });
      expect(response.status, `HEAD ${path} as ${principal}`).toBe(200);
      expect(await response.text()).toBe('');
    }
  });

  it.each(valuesPostgresRefuses(() => ({ body, pendingId })))(
    'refuses with a 4xx: $what',
    async ({ what, send }) => {
      await expectClientError(await send(stack), what);
    },
  );
});
