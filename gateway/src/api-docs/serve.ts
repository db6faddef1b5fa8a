import { apiDoc, PUBLIC } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { Upstreams } from '../upstreams.js';
import { type MergedDocument, mergeApiDocuments } from './merge.js';
import { renderApiPage } from './page.js';

/**
 * `GET /api/docs` (the OpenAPI 3.1 JSON of the whole public API) and `GET /api/docs.html` (a
 * plain viewer). The document is merged on first use and kept once every deployed service gave
 * its part; while one cannot, each request tries again and the document goes without it.
 */
export function mountApiDocs(app: Hono, upstreams: Upstreams): void {
  let complete: MergedDocument | undefined;
  const merged = async () => {
    if (complete) return complete;
    const result = await mergeApiDocuments(app, upstreams);
    if (result.unavailable.length === 0) complete = result;
    return result;
  };
  app.get(
    '/api/docs',
    apiDoc({
      operationId: 'getApiDocument',
      summary: 'This OpenAPI document',
      description:
        "Merged from the gateway's own routes and the document each service serves; a service " +
        'that cannot be reached is named in `x-unavailable-services`.',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: { description: 'OpenAPI 3.1 document (JSON).' } },
    }),
    async (c) => {
      const { document, unavailable } = await merged();
      return c.json(
        unavailable.length > 0 ? { ...document, 'x-unavailable-services': unavailable } : document,
      );
    },
  );
  app.get(
    '/api/docs.html',
    apiDoc({
      operationId: 'getApiDocumentPage',
      summary: 'This document as a plain HTML page',
      tag: 'gateway',
      access: PUBLIC,
      ok: { 200: { description: 'HTML page.', content: { 'text/html': {} } } },
    }),
    async (c) => c.html(renderApiPage((await merged()).document)),
  );
}
