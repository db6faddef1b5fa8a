import { IdParam, Question } from '@uapqa/contracts';
import type { MiddlewareHandler } from 'hono';
import { pino } from 'pino';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { SessionClaims } from '../src/auth/session.js';
import { badRequest, tooManyRequests } from '../src/errors.js';
import { createServiceApp } from '../src/http/app.js';
import { defineRoute } from '../src/http/define-route.js';
import { appDocument } from '../src/openapi/document.js';
import { PUBLIC, response, roles, SESSION } from '../src/openapi/route-doc.js';

const Note = z.object({ text: z.string().min(3, 'Please write at least 3 characters.') });
const Page = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
const QuestionIdParam = z.object({ id: z.uuid() });

function session(role: SessionClaims['role']): SessionClaims {
  return { userId: 7, sessionId: 's', role, username: 'u', expiresAt: new Date(Date.now() + 6e4) };
}

/** An app whose caller is whoever the `x-role` header names (none: a visitor). */
function testApp() {
  const app = createServiceApp({ name: 'testsvc', logger: pino({ level: 'silent' }) });
  app.use(async (c, next) => {
    const role = c.req.header('x-role') as SessionClaims['role'] | undefined;
    c.set('session', role ? session(role) : null);
    await next();
  });
  const seen: string[] = [];
  const limit: MiddlewareHandler = async (c, next) => {
    seen.push('limit');
    if (c.req.header('x-limited')) throw tooManyRequests('Slow down.', 5);
    await next();
  };
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/things/:id/notes',
      operationId: 'addNote',
      summary: 'Add a note',
      tag: 'test',
      access: roles('admin'),
      params: IdParam,
      query: Page,
      body: Note,
      middleware: [limit],
      ok: { 201: response(Note) },
    },
    (c, { params, query, body }) => {
      expectTypeOf(params.id).toEqualTypeOf<number>();
      expectTypeOf(query.limit).toEqualTypeOf<number>();
      expectTypeOf(body.text).toEqualTypeOf<string>();
      return c.json({ id: params.id, limit: query.limit, text: body.text }, 201);
    },
  );
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/:id',
      operationId: 'getQuestion',
      summary: 'One question',
      tag: 'test',
      access: PUBLIC,
      params: QuestionIdParam,
      paramsNotFound: 'No such question.',
      ok: { 200: response(Question) },
    },
    (c, { params, query, body }) => {
      expectTypeOf(query).toEqualTypeOf<undefined>();
      expectTypeOf(body).toEqualTypeOf<undefined>();
      return c.json({ id: params.id });
    },
  );
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/renew',
      operationId: 'renew',
      summary: 'Renew with another credential',
      tag: 'test',
      access: SESSION,
      security: [{ refresh: [] }],
      body: Note,
      readBody: async (c, schema) => {
        const parsed = schema.safeParse(await c.req.json());
        if (!parsed.success) throw badRequest('Only the first rule.', 'text');
        return parsed.data;
      },
      ok: { 200: response(Note) },
    },
    (c, { body }) => c.json(body),
  );
  return { app, seen };
}

const send = (
  app: ReturnType<typeof testApp>['app'],
  path: string,
  init: { role?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
) =>
  app.request(path, {
    method: 'POST',
    body: init.body ?? '{"text":"hello"}',
    headers: {
      'content-type': init.type ?? 'application/json',
      ...(init.role ? { 'x-role': init.role } : {}),
      ...init.headers,
    },
  });

describe('defineRoute', () => {
  it('guards by the declared access before anything else runs', async () => {
    const { app, seen } = testApp();
    const anonymous = await send(app, '/api/things/1/notes', { body: '{' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toContain('Unauthorized');
    const member = await send(app, '/api/things/1/notes', { role: 'user', body: '{' });
    expect(member.status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('runs the middleware after the guard and before the input is read', async () => {
    const { app, seen } = testApp();
    const res = await send(app, '/api/things/x/notes', {
      role: 'admin',
      body: '{',
      headers: { 'x-limited': '1' },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(seen).toEqual(['limit']);
  });

  it('checks the params, then the query, then the body, with the usual 4xx answers', async () => {
    const { app } = testApp();
    const badId = await send(app, '/api/things/x/notes?limit=0', { role: 'admin', body: '{' });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ field: 'id' });
    const badQuery = await send(app, '/api/things/1/notes?limit=0', { role: 'admin', body: '{' });
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ field: 'limit' });
    const notJson = await send(app, '/api/things/1/notes', { role: 'admin', body: '{' });
    expect(await notJson.json()).toEqual({ message: 'Request body must be valid JSON.' });
    const short = await send(app, '/api/things/1/notes', { role: 'admin', body: '{"text":"a"}' });
    expect(await short.json()).toEqual({
      message: 'Please write at least 3 characters.',
      field: 'text',
    });
    const form = await send(app, '/api/things/1/notes', { role: 'admin', type: 'text/plain' });
    expect(form.status).toBe(415);
  });

  it('hands the handler its input parsed', async () => {
    const { app } = testApp();
    const res = await send(app, '/api/things/12/notes?limit=3', { role: 'admin' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 12, limit: 3, text: 'hello' });
  });

  it('answers 404 for params that name nothing when the route says so', async () => {
    const { app } = testApp();
    const res = await app.request('/api/questions/not-a-uuid');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No such question.' });
  });

  it('leaves a credential other than the session to the route, and takes its body reader', async () => {
    const { app } = testApp();
    const res = await send(app, '/api/renew', { body: '{"text":1}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Only the first rule.', field: 'text' });
  });

  it('documents the route from the same declaration', async () => {
    const { app } = testApp();
    const document = await appDocument(app, 'test');
    const operation = document.paths['/api/things/{id}/notes']!.post!;
    expect(operation.operationId).toBe('addNote');
    expect(operation['x-roles']).toEqual(['admin']);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '415', '429']),
    );
    expect((operation.parameters as Array<{ name: string }>).map((p) => p.name)).toEqual([
      'id',
      'limit',
    ]);
    expect(document.paths['/api/renew']!.post!.security).toEqual([{ refresh: [] }]);
  });
});
