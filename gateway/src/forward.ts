import {
  clientIp,
  HttpError,
  REFRESH_COOKIE,
  SESSION_COOKIE,
  withResponseHeaders,
} from '@uapqa/service-kit';
import type { Context } from 'hono';
import { personalCacheControl, personalRequest } from './personal-no-store.js';
import type { ServiceName } from './route-table.js';
import {
  forwardableHeaders,
  replyBody,
  replyHeaderRecord,
  type Upstream,
  type UpstreamReply,
} from './upstreams.js';

/** The browser's cookies minus the session pair: upstreams get the verified token as a bearer. */
function upstreamCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter(
      (part) =>
        part && !part.startsWith(`${SESSION_COOKIE}=`) && !part.startsWith(`${REFRESH_COOKIE}=`),
    );
  return kept.length > 0 ? kept.join('; ') : undefined;
}

export function notDeployed(service: ServiceName): HttpError {
  return new HttpError(503, `The ${service} service is not available yet.`, { service });
}

/**
 * Sends the request on to its owner, with the verified session (if any) as a bearer token and
 * the usual forwarding headers, and gives back its reply. Identity still sees the refresh
 * cookie, which only it redeems.
 */
export async function forwardCall(
  c: Context,
  upstream: Upstream | undefined,
  service: ServiceName,
  trustProxy: boolean,
): Promise<UpstreamReply> {
  if (!upstream) throw notDeployed(service);
  // The URL Hono routed by (normalized: dot segments resolved), so the service gets that path.
  const url = c.req.url;
  const target = url.indexOf('/', url.indexOf('//') + 2);
  const token = c.get('sessionToken');
  const cookie =
    service === 'identity' ? c.req.header('cookie') : upstreamCookies(c.req.header('cookie'));
  const method = c.req.method;
  const body =
    method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await c.req.arrayBuffer());
  try {
    return await upstream.call({
      method,
      path: target < 0 ? '/' : url.slice(target),
      headers: forwardableHeaders({
        ...c.req.header(),
        cookie,
        authorization: token ? `Bearer ${token}` : undefined,
        // Upstreams answer uncompressed; the gateway's own compression (if any) happens here.
        'accept-encoding': undefined,
        'x-forwarded-for': clientIp(c, trustProxy),
        'x-forwarded-host': c.req.header('host'),
        'x-forwarded-proto': url.startsWith('https:') ? 'https' : 'http',
        'x-request-id': c.get('requestId'),
      }),
      ...(body ? { body } : {}),
    });
  } catch (error) {
    c.get('logger')?.warn({ err: error, service }, 'upstream failed');
    throw new HttpError(502, `The ${service} service did not reply. Please try again.`, {
      service,
    });
  }
}

/**
 * A service's reply handed back to the caller as it came, built with what the gateway adds to
 * every response (its secure headers, the request id) and the personal-response cache rule already in
 * its header record, so that none of them is set on it afterwards.
 */
export function forwardedResponse(
  c: Context,
  reply: UpstreamReply,
  method: string = c.req.method,
): Response {
  const { record, cookies } = replyHeaderRecord(reply);
  const rule = personalCacheControl(
    cookies.length > 0 || personalRequest(c),
    record['cache-control'],
  );
  if (rule) record['cache-control'] = rule;
  return withResponseHeaders(c, replyBody(reply, method), reply.status, record, cookies);
}

/** `forwardCall`, its reply handed back to the caller as it came. */
export async function forward(
  c: Context,
  upstream: Upstream | undefined,
  service: ServiceName,
  trustProxy: boolean,
): Promise<Response> {
  return forwardedResponse(c, await forwardCall(c, upstream, service, trustProxy));
}
