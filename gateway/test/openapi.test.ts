import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@uapqa/service-kit';
import { describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';
import { documentedOperations, openApiDocument } from '../src/openapi.js';
import { ROUTE_TABLE, routePattern } from '../src/route-table.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function bareGateway() {
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }),
    logger: createLogger('gateway', 'silent'),
    upstreams: {},
    verifier: { verify: async () => null },
  });
}

/** `/api/admin/users/{id}/role` → a concrete path a Hono pattern can be tried on. */
const sample = (openApiPath: string) => openApiPath.replace(/\{[^}]+\}/g, 'sample');

const toOpenApi = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The gateway's own /api routes (its compositions), read from the app itself. */
function gatewayOwnRoutes(): Array<{ method: string; path: string }> {
  return bareGateway()
    .routes.filter(
      (route) =>
        route.path.startsWith('/api/') &&
        !route.path.includes('*') &&
        METHODS.includes(route.method.toLowerCase() as (typeof METHODS)[number]),
    )
    .map((route) => ({ method: route.method, path: toOpenApi(route.path) }));
}

/** Every `/api` route the services register, read from their sources (no import cycle). */
function serviceRoutes(): Array<{ method: string; path: string; file: string }> {
  const servicesDir = fileURLToPath(new URL('../../services', import.meta.url));
  const routes: Array<{ method: string; path: string; file: string }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const match of text.matchAll(
          /\.(get|post|put|patch|delete)\(\s*['"`](\/api\/[^'"`]+)['"`]/g,
        )) {
          routes.push({ method: match[1]!.toUpperCase(), path: toOpenApi(match[2]!), file: full });
        }
      }
    }
  };
  for (const service of readdirSync(servicesDir)) {
    const src = join(servicesDir, service, 'src');
    try {
      if (statSync(src).isDirectory()) walk(src);
    } catch {
      // not a service folder
    }
  }
  return routes;
}

const documented = documentedOperations();
const isDocumented = (method: string, path: string) =>
  documented.some((op) => op.method === method && op.path === path);

describe('GET /api/docs', () => {
  it('serves an OpenAPI 3.1 document with a path for every route', async () => {
    const res = await bareGateway().request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const document = (await res.json()) as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.paths).sort()).toEqual(
      [...new Set(documented.map((op) => op.path))].sort(),
    );
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(METHODS, where).toContain(method);
        expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect((response as { description?: string }).description, where).toBeTruthy();
        }
        // Every {param} of the path is a required path parameter, and nothing else is.
        const parameters =
          (op as { parameters?: Array<{ in: string; name: string; required?: boolean }> })
            .parameters ?? [];
        const pathParams = parameters.filter((p) => p.in === 'path');
        expect(pathParams.map((p) => p.name).sort(), where).toEqual(templated);
        expect(
          pathParams.every((p) => p.required === true),
          where,
        ).toBe(true);
        expect(parameters.every((p) => ['path', 'query', 'header', 'cookie'].includes(p.in))).toBe(
          true,
        );
      }
    }
    // Every $ref points at a component that exists.
    const components = (document as unknown as { components: { schemas: Record<string, unknown> } })
      .components.schemas;
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(components, ref).toHaveProperty(ref.replace('#/components/schemas/', ''));
    }
  });

  it('renders request and response schemas from the contracts', () => {
    const document = openApiDocument() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    const register = document.paths['/api/register']!.post as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
    };
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    const archive = document.paths['/api/questions']!.get as {
      parameters: Array<{ name: string; in: string }>;
    };
    expect(archive.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:search', 'query:limit', 'query:cursor']),
    );
    expect(document.components.schemas).toHaveProperty('ApiError');
    expect(document.components.schemas).toHaveProperty('Question');
  });

  it('serves a plain HTML viewer', async () => {
    const res = await bareGateway().request('/api/docs.html');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/admin/questions/{id}/status');
    expect(html).not.toContain('<script');
  });
});

describe('OpenAPI drift', () => {
  it('documents at least one path under every entry of ROUTE_TABLE', () => {
    const undocumented = ROUTE_TABLE.filter(
      ({ path }) => !documented.some((op) => routePattern(path).test(sample(op.path))),
    ).map(({ path }) => path);
    expect(undocumented).toEqual([]);
  });

  it("documents every route of the gateway's own (with its method)", () => {
    const own = gatewayOwnRoutes();
    expect(own.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/health',
        '/api/creators',
        '/api/admin/stats',
        '/api/platform-stats',
        '/api/login',
        '/api/docs',
      ]),
    );
    const undocumented = own
      .filter(({ method, path }) => !isDocumented(method, path))
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
  });

  it('documents every /api route the services register (with its method)', () => {
    const routes = serviceRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const own = gatewayOwnRoutes();
    const undocumented = routes
      .filter(({ method, path }) => !isDocumented(method, path))
      // a service route the gateway answers itself (identity's /api/user) is documented as that
      .filter(({ path }) => !own.some((route) => route.path === path))
      .map(({ method, path, file }) => `${method} ${path} (${file.split('/services/')[1]})`);
    expect(undocumented).toEqual([]);
  });

  it('documents only paths the gateway routes', () => {
    const own = gatewayOwnRoutes();
    const unrouted = documented
      .filter(
        ({ path }) =>
          !own.some((route) => route.path === path) &&
          !ROUTE_TABLE.some((entry) => routePattern(entry.path).test(sample(path))),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(unrouted).toEqual([]);
  });
});
