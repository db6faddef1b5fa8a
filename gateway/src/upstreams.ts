import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
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

const IDLE_CONNECTION_MS = 4_000;

function responseFrom(incoming: IncomingMessage, body: Buffer, method: string): Response {
  const headers = new Headers();
  for (const [header, value] of Object.entries(incoming.headers)) {
    if (value === undefined || HOP_BY_HOP.has(header)) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(header, one);
    else headers.set(header, value);
  }
  const status = incoming.statusCode ?? 502;
  const empty = method === 'HEAD' || status === 204 || status === 304;
  return new Response(empty ? null : new Uint8Array(body), { status, headers });
}

/**
 * A service over HTTP through kept-alive connections (node's own client: undici's pool added
 * over a millisecond to every kept-alive call on this stack, measured against a bare server).
 * Answers are small JSON documents: each is read whole and handed back as a byte body, which
 * the node server writes in one call. A call that finds its kept-alive connection closed by the
 * service before any answer is sent again once when it changes nothing (GET, HEAD).
 */
export function httpUpstream(name: ServiceName, baseUrl: string, timeoutMs = 15_000): Upstream {
  const target = new URL(baseUrl);
  // Idle connections are closed after 4 s, before the service's own 5 s keep-alive limit, so
  // the gateway is the one to close them and never sends on one the service is closing.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 256,
    maxFreeSockets: 256,
    timeout: IDLE_CONNECTION_MS,
  });
  const attempt = ({ method, path, headers, body }: UpstreamRequest) =>
    new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method,
          path,
          agent,
          timeout: timeoutMs,
          headers: {
            ...forwardableHeaders(headers),
            ...(body ? { 'content-length': String(body.byteLength) } : {}),
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve(responseFrom(incoming, Buffer.concat(chunks), method)));
          incoming.on('error', reject);
        },
      );
      outgoing.on('timeout', () =>
        outgoing.destroy(new Error(`${name} did not answer within ${timeoutMs} ms`)),
      );
      outgoing.on('error', (error) =>
        reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })),
      );
      outgoing.end(body);
    });
  const send = async (upstreamRequest: UpstreamRequest): Promise<Response> => {
    try {
      return await attempt(upstreamRequest);
    } catch (error) {
      const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
      const idempotent = upstreamRequest.method === 'GET' || upstreamRequest.method === 'HEAD';
      if (idempotent && reusedSocket && code === 'ECONNRESET') return attempt(upstreamRequest);
      throw error;
    }
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
