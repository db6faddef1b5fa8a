import { HttpClient, headerInit } from '@uapqa/service-kit';
import type { ServiceName } from './route-table.js';

/** A request to a service: the gateway's own, already stripped of what must not travel on. */
export interface UpstreamRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

/** A service's reply as it came: compositions read its JSON without a WHATWG Response. */
export interface UpstreamReply {
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
  /** The reply as it came (`replyResponse` hands it back to a caller). */
  call(request: UpstreamRequest): Promise<UpstreamReply>;
  fetch(request: Request): Promise<Response>;
}

const decoder = new TextDecoder();

/** Whether a service said yes (2xx). */
export const replyOk = (reply: UpstreamReply) => reply.status >= 200 && reply.status < 300;

/** The JSON document of an reply. */
export function replyJson<T = unknown>(reply: UpstreamReply): T {
  return JSON.parse(decoder.decode(reply.body)) as T;
}

/** Headers that describe one connection, never the message (RFC 9110 on the Connection field), plus framing. */
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

/**
 * A reply's headers as the gateway hands them on: a plain record, less the headers that
 * described its connection, its Set-Cookie lines apart (the one header that repeats). Node's
 * server writes such a record as it is, where a WHATWG Headers would be built and read back out.
 */
export function replyHeaderRecord(reply: UpstreamReply): {
  record: Record<string, string>;
  cookies: string[];
} {
  const record: Record<string, string> = {};
  let cookies: string[] = [];
  for (const header in reply.headers) {
    const value = reply.headers[header];
    if (value === undefined || HOP_BY_HOP.has(header)) continue;
    if (typeof value === 'string') record[header] = value;
    else if (header === 'set-cookie') cookies = value;
    else record[header] = value.join(', ');
  }
  return { record, cookies };
}

/** A reply's body as handed on: none for a HEAD, a 204 or a 304. */
export function replyBody(reply: UpstreamReply, method: string): Uint8Array<ArrayBuffer> | null {
  const empty = method === 'HEAD' || reply.status === 204 || reply.status === 304;
  // Node's buffers live on plain ArrayBuffers, never shared ones: no copy is needed.
  return empty ? null : (reply.body as Uint8Array<ArrayBuffer>);
}

/** A reply handed back to a caller as it came, less the headers that described its connection. */
export function replyResponse(reply: UpstreamReply, method: string): Response {
  const { record, cookies } = replyHeaderRecord(reply);
  return new Response(replyBody(reply, method), {
    status: reply.status,
    headers: headerInit(record, cookies),
  });
}

/**
 * A service over HTTP through the service kit's kept-alive client. Answers are small JSON
 * documents: each is read whole and handed back as a byte body, which the node server writes
 * in one call. The request's headers are sent as given: callers strip what must not travel.
 */
export function httpUpstream(name: ServiceName, baseUrl: string, timeoutMs = 15_000): Upstream {
  const client = new HttpClient(baseUrl);
  const call = ({ method, path, headers, body }: UpstreamRequest): Promise<UpstreamReply> =>
    client.send({
      method,
      path,
      headers,
      ...(body ? { body } : {}),
      timeoutMs,
      timeoutMessage: `${name} did not answer within ${timeoutMs} ms`,
    });
  return {
    name,
    baseUrl,
    call,
    fetch: async (request) => {
      const forwarded = await toUpstreamRequest(request);
      return replyResponse(await call(forwarded), forwarded.method);
    },
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
    async call({ method, path, headers, body }) {
      const response = await app.fetch(new Request(`${baseUrl}${path}`, { method, headers, body }));
      const replyHeaders: UpstreamReply['headers'] = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) replyHeaders['set-cookie'] = cookies;
      return {
        status: response.status,
        headers: replyHeaders,
        body: new Uint8Array(await response.arrayBuffer()),
      };
    },
    fetch: async (request) => app.fetch(request),
  };
}

export type Upstreams = Partial<Record<ServiceName, Upstream>>;
