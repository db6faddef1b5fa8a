import { clientIp, HttpError, REFRESH_COOKIE, SESSION_COOKIE } from '@uapqa/service-kit';
import type { Context } from 'hono';
import { proxy } from 'hono/proxy';
import type { ServiceName } from './route-table.js';
import type { Upstream } from './upstreams.js';

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
 * the usual forwarding headers. Identity still sees the refresh cookie, which only it redeems.
 */
export async function forward(
  c: Context,
  upstream: Upstream | undefined,
  service: ServiceName,
  trustProxy: boolean,
): Promise<Response> {
  if (!upstream) throw notDeployed(service);
  const incoming = new URL(c.req.url);
  const token = c.get('sessionToken');
  const cookie =
    service === 'identity' ? c.req.header('cookie') : upstreamCookies(c.req.header('cookie'));
  try {
    return await proxy(`${upstream.baseUrl}${incoming.pathname}${incoming.search}`, {
      raw: c.req.raw,
      headers: {
        ...c.req.header(),
        host: undefined,
        cookie,
        authorization: token ? `Bearer ${token}` : undefined,
        'x-forwarded-for': clientIp(c, trustProxy),
        'x-forwarded-host': c.req.header('host'),
        'x-forwarded-proto': incoming.protocol.replace(':', ''),
        'x-request-id': c.get('requestId'),
      },
      customFetch: upstream.fetch,
    });
  } catch (error) {
    c.get('logger')?.warn({ err: error, service }, 'upstream failed');
    throw new HttpError(502, `The ${service} service did not answer. Please try again.`, {
      service,
    });
  }
}
