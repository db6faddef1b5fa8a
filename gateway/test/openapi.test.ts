import { apiDoc, createLogger, PUBLIC, response, serveOpenApi } from '@uapqa/service-kit';
import { testBackends } from '@uapqa/service-kit/testing';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { owningService } from '../src/api-docs/merge.js';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { redoclyLint } from '../src/redocly-lint.js';
import { type GatewayHarness, standIn, startStack } from './harness.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: object } }> };
  responses: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { properties?: object }> };
  'x-unavailable-services'?: string[];
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** A schema, or the component its `$ref` names. */
function resolved(document: Document, schema: { $ref?: string; properties?: object }) {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? document.components!.schemas![name]! : schema;
}

const toOpenApi = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The handlers an app registered under /api, read from the app itself. */
function apiRoutes(app: Hono): Array<{ method: string; path: string }> {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    const method = route.method.toLowerCase();
    if (!METHODS.includes(method) || !route.path.startsWith('/api/') || route.path.includes('*'))
      continue;
    const path = toOpenApi(route.path);
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );

function bareGateway() {
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }),
    logger: createLogger('gateway', 'silent'),
    upstreams: {},
    verifier: { verify: async () => null },
  });
}

/** Every operation is named, described and says who may call it. */
function expectWellFormed(document: Document) {
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  const ids = new Set<string>();
  for (const { method, path, op } of operations(document)) {
    const where = `${method} ${path}`;
    expect(path.startsWith('/api/'), where).toBe(true);
    expect(op.operationId, where).toBeTruthy();
    expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} twice`).toBe(false);
    ids.add(op.operationId!);
    expect(op.security, where).toBeDefined();
    for (const [status, response] of Object.entries(op.responses)) {
      expect(status, where).toMatch(/^[1-5]\d\d$/);
      expect(response.description, where).toBeTruthy();
    }
    // The answer that says to slow down says for how long.
    expect(op.responses['429']?.headers, where).toHaveProperty('Retry-After');
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
    expect(pathParams.map((p) => p.name).sort(), where).toEqual(templated);
    expect(
      pathParams.every((p) => p.required === true),
      where,
    ).toBe(true);
  }
}

describe('GET /api/docs on a gateway alone', () => {
  it("documents every route of the gateway's own, read from the app", async () => {
    const gateway = bareGateway();
    const res = await gateway.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const document = (await res.json()) as Document;
    expectWellFormed(document);
    const own = apiRoutes(gateway);
    expect(own.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/user', '/api/session', '/api/admin/stats', '/api/docs']),
    );
    const undocumented = own.filter(({ method, path }) => !document.paths[path]?.[method]);
    expect(undocumented).toEqual([]);
    // Public operations say so; the others name the session cookie.
    expect(document.paths['/api/session']!.get!.security).toEqual([]);
    expect(document.paths['/api/admin/stats']!.get!.security).toEqual([{ session: [] }]);
  });

  it('serves a plain HTML viewer', async () => {
    const res = await bareGateway().request('/api/docs.html');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/admin/stats');
    expect(html).not.toContain('<script');
  });
});

describe.each(testBackends())('GET /api/docs merged from the services ($name)', (backend) => {
  let h: GatewayHarness;
  // A billing stand-in whose document can be made unavailable.
  let billingUp = false;
  beforeAll(async () => {
    const billing = new Hono();
    billing.use('/openapi.json', async (c, next) =>
      billingUp ? next() : c.json({ message: 'down' }, 500),
    );
    billing.get(
      '/api/billing/config',
      apiDoc({
        operationId: 'getBillingConfig',
        summary: 'Stand-in',
        tag: 'billing',
        access: PUBLIC,
        ok: { 200: response(z.object({ provider: z.string() })) },
      }),
      (c) => c.json({ provider: 'local' }),
    );
    // Not a billing path: the gateway never sends it there, so it must not be documented.
    billing.get(
      '/api/questions/stand-in',
      apiDoc({
        operationId: 'standIn',
        summary: 'Unreachable',
        tag: 'billing',
        access: PUBLIC,
        ok: { 200: { description: 'OK' } },
      }),
      (c) => c.json({}),
    );
    serveOpenApi(billing, 'billing');
    h = await startStack(backend, { extra: [standIn('billing', billing)] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const docs = async () => (await (await h.visitor().get('/api/docs')).json()) as Document;

  it('names a service whose document is missing, and adds it once it answers', async () => {
    const without = await docs();
    expect(without['x-unavailable-services']).toEqual(['billing']);
    expect(without.paths['/api/billing/config']).toBeUndefined();
    billingUp = true;
    const whole = await docs();
    expect(whole['x-unavailable-services']).toBeUndefined();
    expect(whole.paths['/api/billing/config']?.get?.operationId).toBe('getBillingConfig');
    expect(whole.paths['/api/questions/stand-in']).toBeUndefined();
  });

  it("documents every identity route the gateway sends to identity, from identity's app", async () => {
    billingUp = true;
    const document = await docs();
    expectWellFormed(document);
    const routes = apiRoutes(h.identity.app as Hono).filter(
      ({ path }) => owningService(path) === 'identity',
    );
    expect(routes.length).toBeGreaterThan(20);
    const undocumented = routes.filter(({ method, path }) => !document.paths[path]?.[method]);
    expect(undocumented).toEqual([]);
    // Forwarded operations may meet a service that is down; the gateway's own say so themselves.
    expect(document.paths['/api/register']!.post!.responses).toHaveProperty('503');
    // The composed /api/user is the gateway's, not identity's bare user.
    expect(document.paths['/api/user']!.get!.tags).toEqual(['gateway']);
    const register = document.paths['/api/register']!.post!;
    const body = resolved(document, register.requestBody!.content['application/json']!.schema);
    expect(Object.keys(body.properties!)).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    expect(document.paths['/api/login']!.post!.responses['200']!.headers).toHaveProperty(
      'Set-Cookie',
    );
    const users = document.paths['/api/admin/users']!.get!;
    expect(users.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:role', 'query:search', 'query:limit', 'query:offset']),
    );
  });

  it('writes the error body once, as a component every error answer refers to', async () => {
    billingUp = true;
    const document = await docs();
    expect(document.components!.schemas!.ApiError).toMatchObject({
      properties: { message: { type: 'string' }, field: { type: 'string' } },
      required: ['message'],
    });
    let errorAnswers = 0;
    for (const { method, path, op } of operations(document)) {
      for (const [status, response] of Object.entries(op.responses)) {
        // The gateway's own 5xx may be its own answers (/api/health's 503 is its report).
        const own = Number(status) >= 500 && op.tags?.includes('gateway');
        if (Number(status) < 400 || own) continue;
        errorAnswers++;
        const { content } = response as { content: Record<string, { schema: unknown }> };
        expect(content['application/json']!.schema, `${method} ${path} ${status}`).toEqual(
          ERROR_REF,
        );
      }
    }
    expect(errorAnswers).toBeGreaterThan(100);
    // Nowhere written out: the gateway's 502 and 503 refer to it too.
    expect(JSON.stringify(document.paths)).not.toContain('"required":["message"]');
    expect(document.paths['/api/register']!.post!.responses['503']).toMatchObject({
      content: { 'application/json': { schema: ERROR_REF } },
    });
    // Every reference resolves.
    for (const [, name] of JSON.stringify(document).matchAll(
      /"#\/components\/schemas\/([^"]+)"/g,
    )) {
      expect(document.components!.schemas, name).toHaveProperty([name!]);
    }
  });

  it("passes Redocly's recommended rules without an error", async () => {
    billingUp = true;
    const problems = await redoclyLint(await docs());
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
