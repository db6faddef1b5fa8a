import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp, type ReadinessCheck } from '../src/http/app.js';
import { rateLimit } from '../src/http/rate-limit.js';
import { withResponseHeaders } from '../src/http/response-headers.js';
import { listen } from '../src/http/serve.js';
import { readJson } from '../src/http/validate.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const Question = z.object({ title: z.string().min(10), topic: z.string() });

/** An app whose log lines are kept for inspection. */
function testApp(readiness?: Record<string, ReadinessCheck>) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  const app = createServiceApp({ name: 'testsvc', logger, ...(readiness ? { readiness } : {}) });
  app.get('/boom', () => {
    throw new Error('secret database detail');
  });
  app.post('/questions', async (c) => c.json(await readJson(c, Question), 201));
  app.get('/parse', (c) => c.json(Question.parse({ title: 'long enough title' })));
  return { app, lines };
}

const post = (body: string) => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json' },
});

describe('createServiceApp', () => {
  it('answers /health', async () => {
    const res = await testApp().app.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'testsvc' });
  });

  it('answers /ready with 200 when every check passes', async () => {
    const { app } = testApp({ db: async () => true, bus: async () => true });
    const res = await app.request('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { db: true, bus: true } });
  });

  it('answers /ready with 503 naming the failing checks, a throwing check included', async () => {
    const { app } = testApp({
      db: async () => true,
      bus: async () => false,
      upstream: async () => {
        throw new Error('connection refused');
      },
    });
    const res = await app.request('/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not ready',
      service: 'testsvc',
      checks: { db: true, bus: false, upstream: false },
    });
  });

  it('turns an unexpected error into a bare 500 and logs it', async () => {
    const { app, lines } = testApp();
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error.' });
    expect(text).not.toMatch(/secret database detail|at .*\.ts|stack/);
    const logged = lines.find((line) => line.msg === 'unhandled error') as {
      err: { message: string };
    };
    expect(logged.err.message).toBe('secret database detail');
  });

  it('refuses text with a NUL character anywhere in a body, however deep or wide, with a 400', async () => {
    const { app } = testApp();
    const nul = await app.request(
      '/questions',
      post(JSON.stringify({ title: 'long enough title', topic: 'a\u0000b' })),
    );
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toMatch(/NUL/);
    const deep = `${'{"a":'.repeat(20_000)}"\u0000"${'}'.repeat(20_000)}`;
    expect((await app.request('/questions', post(deep))).status).toBe(400);
    const wide = JSON.stringify([...Array.from({ length: 300_000 }, () => 0), 'x\u0000']);
    expect((await app.request('/questions', post(wide))).status).toBe(400);
  });

  it('runs the `first` middleware before everything, /health included', async () => {
    const app = createServiceApp({
      name: 'testsvc',
      logger: pino({ level: 'silent' }),
      first: [
        async (c, next) => {
          await next();
          c.header('X-Frame-Options', 'DENY');
        },
      ],
    });
    expect((await app.request('/health')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers an unknown route with 404 and a message', async () => {
    const res = await testApp().app.request('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route for GET /nowhere.' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await testApp().app.request('/questions', post('{"title": '));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Request body must be valid JSON.' });
  });

  it('answers a schema failure with 400 naming the field', async () => {
    const res = await testApp().app.request(
      '/questions',
      post(JSON.stringify({ title: 'short', topic: 'ufo' })),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field: string };
    expect(body.field).toBe('title');
    // A sentence naming the field by its label, not a 'title: ' prefix.
    expect(body.message).toMatch(/^Title must be at least \d+ characters\.$/);
  });

  it('words validation failures as sentences: the schema messages, else a labelled one', async () => {
    const Signup = z.object({
      password: z
        .string({ error: 'Password is required' })
        .min(8, 'Password must be at least 8 characters'),
      emailAddress: z.email(),
      plan: z.enum(['monthly', 'yearly']),
      categoryId: z.number().int(),
    });
    const { app } = testApp();
    app.post('/signup', async (c) => c.json(await readJson(c, Signup), 201));
    const send = async (body: unknown) =>
      (await (await app.request('/signup', post(JSON.stringify(body)))).json()) as {
        message: string;
        field?: string;
      };
    const valid = {
      password: 'long enough',
      emailAddress: 'a@b.co',
      plan: 'yearly',
      categoryId: 1,
    };
    expect(await send({ ...valid, password: 'short' })).toEqual({
      message: 'Password must be at least 8 characters.',
      field: 'password',
    });
    expect((await send({ ...valid, emailAddress: 'nope' })).message).toBe(
      'Email address must be a valid email address.',
    );
    expect((await send({ ...valid, plan: 'weekly' })).message).toBe(
      'Plan must be one of: monthly, yearly.',
    );
    expect((await send({ ...valid, categoryId: 'x' })).message).toBe(
      'Category ID must be a number.',
    );
    expect((await send({ plan: 'yearly', categoryId: 1, emailAddress: 'a@b.co' })).message).toBe(
      'Password is required.',
    );
  });

  it('refuses a body not declared as JSON with 415; an empty body needs no type', async () => {
    const { app } = testApp();
    const question = JSON.stringify({ title: 'What was seen over Phoenix?', topic: 'sightings' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const refused = await app.request('/questions', {
        method: 'POST',
        body: new TextEncoder().encode(question),
        headers: type ? { 'content-type': type } : {},
      });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({
        message:
          'Please send the request body as JSON, with the header Content-Type: application/json.',
      });
    }
    const charset = await app.request('/questions', {
      method: 'POST',
      body: question,
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
    // No body: read as {}, so the schema speaks (not the media type).
    const empty = await app.request('/questions', { method: 'POST' });
    expect(empty.status).toBe(400);
  });

  it('accepts a valid body', async () => {
    const question = { title: 'What was seen over Phoenix?', topic: 'sightings' };
    const res = await testApp().app.request('/questions', post(JSON.stringify(question)));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(question);
  });

  it('answers a ZodError thrown by a route with 400 naming the field', async () => {
    const res = await testApp().app.request('/parse');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'topic',
      message: 'Topic is required.',
    });
  });

  it('generates an X-Request-Id when absent and keeps a given one', async () => {
    const { app, lines } = testApp();
    const generated = await app.request('/health');
    expect(generated.headers.get('x-request-id')).toMatch(UUID);

    const kept = await app.request('/boom', { headers: { 'X-Request-Id': 'trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    expect(lines.filter((line) => line.requestId === 'trace-42').length).toBeGreaterThan(0);
    const malformed = await app.request('/health', { headers: { 'X-Request-Id': 'a b\u00e9' } });
    expect(malformed.headers.get('x-request-id')).toMatch(UUID);
  });

  it('does the same when node serves it, and an answer may set its own id', async () => {
    const { app, lines } = testApp();
    app.get('/own-id', (c) => c.json({ ok: true }, 200, { 'X-Request-Id': 'set-by-handler' }));
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/health`)).headers.get('x-request-id')).toMatch(UUID);
      const kept = await fetch(`${base}/boom`, { headers: { 'X-Request-Id': 'trace-43' } });
      expect([kept.status, kept.headers.get('x-request-id')]).toEqual([500, 'trace-43']);
      expect(lines.filter((line) => line.requestId === 'trace-43').length).toBeGreaterThan(0);
      const own = await fetch(`${base}/own-id`);
      expect(own.headers.get('x-request-id')).toBe('set-by-handler');
    } finally {
      await server.close();
    }
    const own = await app.request('/own-id');
    expect(own.headers.get('x-request-id')).toBe('set-by-handler');
  });

  it("builds an answer with the request's every-answer headers in it, the answer's own id kept", async () => {
    const { app } = testApp();
    app.use('/built/*', async (c, next) => {
      c.get('responseHeaders').always['x-frame-options'] = 'DENY';
      await next();
    });
    app.get('/built/own-id', (c) =>
      withResponseHeaders(c, '{}', 200, {
        'content-type': 'application/json',
        'x-frame-options': 'SAMEORIGIN',
        'x-request-id': 'echoed-by-a-service',
      }),
    );
    app.get('/built/plain', (c) => withResponseHeaders(c, '{}', 201, {}, ['a=1', 'b=2']));
    app.get('/built/json', (c) => c.json({}));
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const own = await fetch(`${base}/built/own-id`);
      expect(own.headers.get('x-request-id')).toBe('echoed-by-a-service');
      expect(own.headers.get('x-frame-options')).toBe('DENY');
      const plain = await fetch(`${base}/built/plain`, { headers: { 'X-Request-Id': 'trace-44' } });
      expect(plain.status).toBe(201);
      expect(plain.headers.get('x-request-id')).toBe('trace-44');
      expect(plain.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      // An answer built otherwise gets them on its way out.
      const json = await fetch(`${base}/built/json`);
      expect(json.headers.get('x-frame-options')).toBe('DENY');
      expect(json.headers.get('x-request-id')).toMatch(UUID);
    } finally {
      await server.close();
    }
  });

  it('refuses requests over the limit with 429 and Retry-After, per key', async () => {
    const { app } = testApp();
    app.use(
      '/limited',
      rateLimit({ points: 2, durationSeconds: 60, key: (c) => c.req.header('x-client') ?? null }),
    );
    app.get('/limited', (c) => c.json({ ok: true }));
    const as = (client: string) => app.request('/limited', { headers: { 'x-client': client } });

    expect((await as('a')).status).toBe(200);
    expect((await as('a')).status).toBe(200);
    const refused = await as('a');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/too many requests/i),
    });

    expect((await as('b')).status).toBe(200);
    expect((await app.request('/limited')).status).toBe(200); // no key: not limited
  });
});
