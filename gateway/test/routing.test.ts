import { SESSION_COOKIE } from '@uapqa/service-kit';
import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPOSE_TIMEOUT_MS } from '../src/compose/upstream-json.js';
import { DEMO_PASSWORD, ORIGIN, standIn, startStack } from './harness.js';

/** Stands in for a service that is not built yet: it reports what the gateway sent it. */
const echo = new Hono();
echo.get('/ready', (c) => c.json({ status: 'ready' }));
echo.all('/api/*', async (c) =>
  c.json({
    path: c.req.path,
    query: c.req.query(),
    method: c.req.method,
    body: c.req.method === 'GET' ? null : await c.req.text(),
    headers: Object.fromEntries(c.req.raw.headers),
  }),
);

/** A service that accepts requests and never answers them. */
const silent = new Hono();
silent.get('/ready', (c) => c.json({ status: 'ready' }));
silent.all('/api/*', () => new Promise<Response>(() => {}));

const [embedded] = testBackends();

describe('gateway routing (embedded)', () => {
  const h = stackForSuite(() =>
    startStack(embedded!, {
      extra: [standIn('questions', echo), standIn('moderation', silent)],
    }),
  );

  it('answers 503 naming a service that is not deployed', async () => {
    const response = await h.visitor().post('/api/create-subscription');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The billing service is not available yet.',
      service: 'billing',
    });
  });

  it('keeps staff figures for staff, and names the services missing or too slow instead of hanging', async () => {
    expect((await h.visitor().get('/api/admin/stats')).status).toBe(401);
    const member = h.visitor();
    await member.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    expect((await member.get('/api/admin/stats')).status).toBe(403);
    const admin = h.visitor();
    await admin.post('/api/login', { username: 'admin', password: DEMO_PASSWORD });
    // The moderation stand-in never answers: only the gateway's own limit ends the wait (a hang
    // fails the test by its timeout, well past that limit).
    expect(COMPOSE_TIMEOUT_MS).toBeLessThan(30_000 / 2);
    const stats = await admin.get('/api/admin/stats');
    expect(stats.status).toBe(503);
    const body = await stats.json();
    expect(body.services).toEqual(['billing', 'moderation']);
    expect(body.message).toMatch(/billing, moderation/);
  });

  it('forwards method, path, query and body, with request id, client address and verified session', async () => {
    const browser = h.visitor();
    await browser.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    const response = await browser.post(
      '/api/questions?draft=1',
      { title: 'x' },
      { 'x-request-id': 'trace-123' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const seen = await response.json();
    expect(seen).toMatchObject({
      path: '/api/questions',
      query: { draft: '1' },
      method: 'POST',
      body: '{"title":"x"}',
    });
    expect(seen.headers['x-request-id']).toBe('trace-123');
    expect(seen.headers['x-forwarded-for']).toBeTruthy();
    expect(seen.headers.authorization).toMatch(/^Bearer ey/);
    // Other services never see the browser's session cookies, only the verified bearer token.
    expect(seen.headers.cookie ?? '').not.toContain(`${SESSION_COOKIE}=`);
  });

  it('forwards no session for a visitor, and drops a forged bearer token', async () => {
    const seen = await (
      await h.visitor().get('/api/categories', { authorization: 'Bearer forged.token.value' })
    ).json();
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('redirects GET /api/login to the sign-in tab', async () => {
    const response = await h.visitor().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?tab=login');
  });

  it('refuses a cross-site mutation, allows same-origin and non-browser callers', async () => {
    const evil = await h.gateway.app.request(`${ORIGIN}/api/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect((await evil.json()).message).toMatch(/cross-site/);
    const sameSite = await h.gateway.app.request(`${ORIGIN}/api/logout`, {
      method: 'POST',
      headers: { origin: ORIGIN },
    });
    expect(sameSite.status).toBe(200);
    const script = await h.gateway.app.request(`${ORIGIN}/api/logout`, { method: 'POST' });
    expect(script.status).toBe(200);
  });

  it('refuses a body over the limit with 413 and a message', async () => {
    const response = await h
      .visitor()
      .post('/api/register', { username: 'big', padding: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await h.visitor().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain('/api/nothing-here');
  });

  it('reports each upstream in /api/health', async () => {
    const response = await h.visitor().get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: {
        identity: 'ready',
        questions: 'ready',
        billing: 'not deployed',
        moderation: 'ready',
        notifications: 'not deployed',
      },
    });
  });

  it('serves a page at /', async () => {
    const response = await h.visitor().get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('gateway rate limit (embedded)', () => {
  const h = stackForSuite(() => startStack(embedded!, { env: { RATE_LIMIT_PER_MINUTE: '5' } }));

  it('answers 429 with Retry-After once an address exceeds its budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.visitor().get('/api/member-count')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await h.visitor().get('/api/member-count');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
