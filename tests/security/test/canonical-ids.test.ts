import { testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, fill, publicEndpoints } from './routes.js';
import { type SecurityStack, startSecurityStack } from './stack.js';

/**
 * Every id in an API path is accepted only as the API writes it. `Number()` reads `0x10` as 16,
 * `1e1` as 10 and ` 01` as 1: were such spellings accepted, one row would answer to many
 * addresses. Each spelling of a real row's id must be refused (400) or find nothing (404),
 * never act on the row.
 */
const numericSpellings = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `%20${id}`,
  `${id}%20`,
  `0${id}`,
  `+${id}`,
  `${id}.0`,
];
/** Question ids are lower-case UUIDs: any other spelling of one names no question. */
const uuidSpellings = (id: string) => [
  id.toUpperCase(),
  `%20${id}`,
  `{${id}}`,
  id.replaceAll('-', ''),
];

/** Payment ids are the payment provider's references, not ours: any text names one or none. */
const PROVIDER_REFERENCES = new Set(['GET /api/billing/payments/:id']);

describe.each(testBackends())('ids in API paths, canonical only ($name)', (backend) => {
  let stack: SecurityStack;
  let endpoints: Endpoint[];
  /** A real row's id for each route's resource, by the path before `:id`. */
  const rows = new Map<string, number | string>();

  beforeAll(async () => {
    stack = await startSecurityStack(backend);
    endpoints = publicEndpoints(stack).endpoints.filter((endpoint) =>
      endpoint.path.includes('/:id'),
    );
    const admin = await stack.as('admin');
    const member = await stack.as('member');
    const category = await (
      await admin.post('/api/admin/categories', { name: 'Canonical ids' })
    ).json();
    const tag = await (await admin.post('/api/admin/tags', { name: 'canonical-ids' })).json();
    const [profile] = await (await admin.get('/api/admin/creator-profiles?status=approved')).json();
    const applied = await (
      await stack.visitor().post('/api/expert-applications', {
        name: 'Ida Canon',
        email: 'ida.canon@example.com',
        phone: '+1 555 0142',
        website: '',
        duration: 3,
        questionsPerWeek: 2,
        description: 'Archivist.',
      })
    ).json();
    const visitor = await stack.as('anonymous');
    const [answered] = await (await visitor.get('/api/questions?limit=1')).json();
    rows.set('/api/admin/categories', category.id);
    rows.set('/api/admin/tags', tag.id);
    rows.set('/api/admin/users', (await (await member.get('/api/user')).json()).id);
    rows.set('/api/admin/creator-profiles', profile.id);
    rows.set('/api/admin/expert-applications', applied.id);
    rows.set('/api/questions', answered.id);
    rows.set('/api/admin/questions', answered.id);
    rows.set('/api/answers', answered.id);
    rows.set('/api/admin/refund-requests', answered.id);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses or finds nothing for every other spelling of a real id, on every :id route', async () => {
    const checked: string[] = [];
    for (const endpoint of endpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      if (PROVIDER_REFERENCES.has(key)) continue;
      const resource = endpoint.path.slice(0, endpoint.path.indexOf('/:id'));
      const id = rows.get(resource);
      expect(id, `${key}: which real row should this test spell differently?`).toBeDefined();
      const spellings = typeof id === 'string' ? uuidSpellings(id) : numericSpellings(id as number);
      // Someone the route lets in, so that the id is what decides: a visitor for the public
      // question page, the expert for their answers, an admin (staff and signed in) for the rest.
      const principal =
        key === 'GET /api/questions/:id'
          ? 'anonymous'
          : resource === '/api/answers'
            ? 'expert'
            : 'admin';
      for (const spelling of spellings) {
        const path = fill(endpoint.path, () => spelling);
        const body = endpoint.method === 'PATCH' ? { role: 'user', status: 'rejected' } : undefined;
        const response = await stack.send(principal, path, {
          method: endpoint.method,
          headers: body ? { 'content-type': 'application/json' } : {},
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect([400, 404], `${endpoint.method} ${path}`).toContain(response.status);
        expect(typeof (await response.json()).message, `${endpoint.method} ${path}`).toBe('string');
      }
      checked.push(key);
    }
    // The routes this covers today; a new one is covered as soon as its resource has a row above.
    expect(checked).toEqual(
      expect.arrayContaining([
        'DELETE /api/admin/categories/:id',
        'DELETE /api/admin/tags/:id',
        'PATCH /api/admin/users/:id/role',
        'POST /api/admin/creator-profiles/:id/delist',
        'POST /api/admin/expert-applications/:id/approve',
        'GET /api/questions/:id',
        'PATCH /api/admin/questions/:id/status',
        'PATCH /api/answers/:id',
        'POST /api/questions/:id/rating',
        'POST /api/admin/refund-requests/:id/decision',
      ]),
    );
  });

  it('left every row as it was, and the canonical id still reaches it', async () => {
    const admin = await stack.as('admin');
    const categories = (await (await admin.get('/api/admin/categories')).json()) as Array<{
      id: number;
    }>;
    expect(categories.map((category) => category.id)).toContain(rows.get('/api/admin/categories'));
    const pending = (await (
      await admin.get('/api/admin/expert-applications?status=pending')
    ).json()) as Array<{ id: number }>;
    expect(pending.map((application) => application.id)).toContain(
      rows.get('/api/admin/expert-applications'),
    );
    const [profile] = (await (
      await admin.get('/api/admin/creator-profiles?status=approved')
    ).json()) as Array<{ id: number; listed: boolean }>;
    expect(profile).toMatchObject({ id: rows.get('/api/admin/creator-profiles'), listed: true });

    const deleted = await admin.delete(
      `/api/admin/categories/${rows.get('/api/admin/categories')}`,
    );
    expect(deleted.status).toBeLessThan(300);
    const answered = await (await stack.as('anonymous')).get(
      `/api/questions/${rows.get('/api/questions')}`,
    );
    expect(answered.status).toBe(200);
  });
});
