import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { PARAMETER_COMPONENTS } from './parameters.js';

/** The security schemes every document names: the cookies set by sign-in. */
export const SESSION_SECURITY_SCHEME = {
  session: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: 'session',
    description: 'The 15-minute session token set by sign-in (renewed from `session_refresh`).',
  },
  refresh: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: 'session_refresh',
    description: 'The refresh secret set by sign-in, traded once for a new session token.',
  },
};

/** An OpenAPI 3.1 document, as far as the code that merges and serves documents reads it. */
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [field: string]: unknown };
  paths: Record<string, Record<string, ApiOperation>>;
  components?: { schemas?: Record<string, unknown>; [kind: string]: unknown };
  [field: string]: unknown;
}

export interface ApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  responses: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * The OpenAPI 3.1 document of an app, built by hono-openapi from the routes it registered with
 * defineRoute or apiDoc (routes without one, such as health checks, are left out).
 */
export async function appDocument(app: Hono, title: string): Promise<ApiDocument> {
  const document = await generateSpecs(app, {
    documentation: {
      info: { title, version: '1.0.0', description: `The routes of ${title}.` },
      components: { securitySchemes: SESSION_SECURITY_SCHEME },
    },
    // Each operation names its own 400 answer (the error body every service sends).
    defaultValidationErrorResponse: false,
    // '/api/docs.html' is a route, not a file.
    excludeStaticFile: false,
  });
  return liftParameterComponents(document as unknown as ApiDocument);
}

/** The components apiDoc left on the operations whose parameters refer to them, put in place. */
function liftParameterComponents(document: ApiDocument): ApiDocument {
  const schemas: Record<string, unknown> = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      Object.assign(schemas, operation[PARAMETER_COMPONENTS]);
      delete operation[PARAMETER_COMPONENTS];
    }
  }
  // A component a body or an answer also names keeps hono-openapi's rendering of it.
  document.components = {
    ...document.components,
    schemas: { ...schemas, ...document.components?.schemas },
  };
  return document;
}

/**
 * `GET /openapi.json`: the service's own document, for the gateway to merge into `/api/docs`.
 * Internal: the gateway routes only `/api` paths to services.
 */
export function serveOpenApi(app: Hono, service: string): void {
  let document: Promise<ApiDocument> | undefined;
  app.get('/openapi.json', async (c) => {
    document ??= appDocument(app, `the ${service} service`);
    return c.json(await document);
  });
}
