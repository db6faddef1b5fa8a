import { type KeptAliveResponse, keptAliveAgent, sendKeptAlive } from '@uapqa/service-kit';
import type { ServiceName } from './route-table.js';

/** A request to a service: the gateway's own, already stripped of what must not travel on. */
export interface UpstreamRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

/**
 * How the gateway reaches a service: over HTTP in the distributed modes, or by calling its
 * Hono app in the same process in embedded mode. Routing code cannot tell the difference.
 */
export interface Upstream {
  name: ServiceName;
  baseUrl: string;
  send(request: UpstreamRequest): Promise<Response>;
  fetch(request: Request): Promise<Response>;
}

/** Headers that describe one connection, never the message (RFC 9110 §7.6.1), plus framing. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/** The headers worth sending on, from any header record (undefined values dropped). */
export function forwardableHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower)) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

async function toUpstreamRequest(request: Request): Promise<UpstreamRequest> {
  const url = new URL(request.url);
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers: forwardableHeaders(Object.fromEntries(request.headers)),
    ...(bodyless ? {} : { body: new Uint8Array(await request.arrayBuffer()) }),
  };
}

function responseFrom(answer: KeptAliveResponse, method: string): Response {
  const headers = new Headers();
  for (const [header, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_BY_HOP.has(header)) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(header, one);
    else headers.set(header, value);
  }
  const empty = method === 'HEAD' || answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : new Uint8Array(answer.body), {
    status: answer.status,
    headers,
  });
}

/**
 * A service over HTTP through the service kit's kept-alive client. Answers are small JSON
 * documents: each is read whole and handed back as a byte body, which the node server writes
 * in one call.
 */
export function httpUpstream(name: ServiceName, baseUrl: string, timeoutMs = 15_000): Upstream {
  const origin = new URL(baseUrl);
  const agent = keptAliveAgent();
  const send = async ({ method, path, headers, body }: UpstreamRequest): Promise<Response> => {
    const answer = await sendKeptAlive(agent, origin, {
      method,
      path,
      headers: forwardableHeaders(headers),
      ...(body ? { body } : {}),
      timeoutMs,
      timeoutMessage: `${name} did not answer within ${timeoutMs} ms`,
    });
    return responseFrom(answer, method);
  };
  return {
    name,
    baseUrl,
    send,
    fetch: async (request) => send(await toUpstreamRequest(request)),
  };
}

export function inProcessUpstream(
  name: ServiceName,
  app: { fetch(request: Request): Response | Promise<Response> },
): Upstream {
  const baseUrl = `http://${name}.internal`;
  return {
    name,
    baseUrl,
    send: async ({ method, path, headers, body }) =>
      app.fetch(new Request(`${baseUrl}${path}`, { method, headers, body })),
    fetch: async (request) => app.fetch(request),
  };
}

export type Upstreams = Partial<Record<ServiceName, Upstream>>;
