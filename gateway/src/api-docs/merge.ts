import { type ApiDocument, appDocument, renderedErrorResponse } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import { ROUTE_TABLE, routePattern, SERVICES, type ServiceName } from '../route-table.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';
import { mergeComponents, usedComponents } from './components.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** What the gateway adds to every operation it forwards. */
const FORWARDING_ERRORS = [502, 503];

/** The service a documented path (`{param}` style) reaches through ROUTE_TABLE, first match. */
export function owningService(path: string): ServiceName | undefined {
  const concrete = path.replace(/\{[^}]+\}/g, 'sample');
  return ROUTE_TABLE.find((entry) => routePattern(entry.path).test(concrete))?.service;
}

/** A service's own document, as it serves it on `GET /openapi.json`. */
async function serviceDocument(
  upstreams: Upstreams,
  name: ServiceName,
): Promise<ApiDocument | undefined> {
  const upstream = upstreams[name];
  if (!upstream) return undefined;
  const answer = await upstream.call({ method: 'GET', path: '/openapi.json', headers: {} });
  if (!replyOk(answer)) throw new Error(`${name} answered ${answer.status} for /openapi.json`);
  return replyJson<ApiDocument>(answer);
}

export interface MergedDocument {
  document: ApiDocument;
  /** Services deployed behind the gateway whose document could not be read this time. */
  unavailable: ServiceName[];
}

/**
 * The public API in one document: the gateway's own routes, then each service's operations on
 * the paths ROUTE_TABLE sends to that service. A path the gateway answers itself (the composed
 * `/api/user`, the cached public lists) is documented as the gateway answers it.
 */
export async function mergeApiDocuments(
  gateway: Hono,
  upstreams: Upstreams,
): Promise<MergedDocument> {
  const own = await appDocument(gateway, 'UAP Answers API');
  const paths: ApiDocument['paths'] = structuredClone(own.paths);
  const schemas: Record<string, unknown> = { ...own.components?.schemas };
  const unavailable: ServiceName[] = [];
  const documents = await Promise.all(
    SERVICES.map((name) =>
      serviceDocument(upstreams, name).catch(() => {
        unavailable.push(name);
        return undefined;
      }),
    ),
  );
  SERVICES.forEach((name, index) => {
    const document = documents[index];
    if (!document) return;
    for (const [path, item] of Object.entries(mergeComponents(schemas, document, name))) {
      if (owningService(path) !== name) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation || paths[path]?.[method]) continue;
        const responses = { ...operation.responses };
        for (const status of FORWARDING_ERRORS) responses[status] ??= renderedErrorResponse(status);
        paths[path] = { ...paths[path], [method]: { ...operation, responses } };
      }
    }
  });
  return {
    unavailable,
    document: {
      openapi: '3.1.0',
      info: {
        title: 'UAP Answers API',
        version: '1.0.0',
        description:
          'The public API behind the gateway. Every error body is `{ message }` (plus `field` for ' +
          'validation errors). Signed-in requests carry the `session` cookie; state-changing ' +
          'requests from another site are refused (403).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/' }],
      tags: ['gateway', ...SERVICES].map((name) => ({
        name,
        description:
          name === 'gateway'
            ? 'Answered by the gateway itself, often composed from several services.'
            : `Forwarded to the ${name} service.`,
      })),
      paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
      // Only what the merged operations refer to: a service's other routes are not documented.
      components: { ...own.components, schemas: usedComponents(paths, schemas) },
    },
  };
}
