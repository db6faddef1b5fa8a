import { keptAliveAgent, sendKeptAlive } from '@uapqa/service-kit';
import type { ServiceName } from './route-table.js';

/** A request to a service: the gateway's own, already stripped of what must not travel on. */
export interface UpstreamRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

/** A service's answer as it came: compositions read its JSON without a WHATWG Response. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

/**
 * How the gateway reaches a service: over HTTP in the distributed modes, or by calling its
 * Hono app in the same process in embedded mode. Routing code cannot tell the difference.
 */
export interface Upstream {
  name: ServiceName;
  baseUrl: string;
  /** The answer itself: what compositions read. */
  call(request: UpstreamRequest): Promise<UpstreamAnswer>;
  /** The answer as a Response to hand back to the caller. */
  send(request: UpstreamRequest): Promise<Response>;
  fetch(request: Request): Promise<Response>;
}

const decoder = new TextDecoder();

/** Whether a service said yes (2xx). */
export const answerOk = (answer: UpstreamAnswer) => answer.status >= 200 && answer.status < 300;

/** The JSON document of an answer. */
export function answerJson<T = unknown>(answer: UpstreamAnswer): T {
  return JSON.parse(decoder.decode(answer.body)) as T;
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

/** An answer handed back to the caller, less the headers that described its connection. */
export function answerResponse(answer: UpstreamAnswer, method: string): Response {
  const headers = new Headers();
  for (const [header, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_BY_HOP.has(header)) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(header, one);
    else headers.set(header, value);
  }
  const empty = method === 'HEAD' || answer.status === 204 || answer.status === 304;
  // Node's buffers live on plain ArrayBuffers, never shared ones: no copy is needed.
  return new Response(empty ? null : (answer.body as Uint8Array<ArrayBuffer>), {
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
  const call = ({ method, path, headers, body }: UpstreamRequest): Promise<UpstreamAnswer> =>
    sendKeptAlive(agent, origin, {
      method,
      path,
      headers: forwardableHeaders(headers),
      ...(body ? { body } : {}),
      timeoutMs,
      timeoutMessage: `${name} did not answer within ${timeoutMs} ms`,
    });
  const send = async (request: UpstreamRequest) =>
    answerResponse(await call(request), request.method);
  return {
    name,
    baseUrl,
    call,
    send,
    fetch: async (request) => send(await toUpstreamRequest(request)),
  };
}

export function inProcessUpstream(
  name: ServiceName,
  app: { fetch(request: Request): Response | Promise<Response> },
): Upstream {
  const baseUrl = `http://${name}.internal`;
  const send = async ({ method, path, headers, body }: UpstreamRequest) =>
    app.fetch(new Request(`${baseUrl}${path}`, { method, headers, body }));
  return {
    name,
    baseUrl,
    async call(request) {
      const response = await send(request);
      const headers: UpstreamAnswer['headers'] = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      return {
        status: response.status,
        headers,
        body: new Uint8Array(await response.arrayBuffer()),
      };
    },
    send,
    fetch: async (request) => app.fetch(request),
  };
}

export type Upstreams = Partial<Record<ServiceName, Upstream>>;
