import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { clientIp } from '@uapqa/service-kit';
import type { MiddlewareHandler } from 'hono';

/**
 * Whether an address is this machine or a private network: loopback (127/8, ::1), RFC 1918
 * (10/8, 172.16/12, 192.168/16) and IPv6 unique-local (fc00::/7), IPv4-mapped forms included.
 * `local` is what clientIp answers for an in-process request (no socket): the same process.
 */
export function isPrivateAddress(address: string): boolean {
  if (address === 'local') return true;
  let ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) ip = mapped[1]!;
  const version = isIP(ip);
  if (version === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number, number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (version === 6) {
    if (ip === '::1') return true;
    const first = Number.parseInt(ip.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00;
  }
  return false;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the gateway's `GET /metrics` (the gateway owns the public origin):
 * - with METRICS_TOKEN set, whoever sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise);
 * - without it, only loopback and private-network clients (403 otherwise). A request relayed by
 *   a proxy the gateway does not trust (X-Forwarded-For or Forwarded present while TRUST_PROXY is
 *   off) counts as coming from the internet, since the proxy's own private address says nothing.
 */
export function metricsGuard(options: {
  token?: string | undefined;
  trustProxy: boolean;
}): MiddlewareHandler {
  const expected = options.token ? digest(options.token) : undefined;
  return async (c, next) => {
    if (expected) {
      const header = c.req.header('authorization') ?? '';
      const match = /^Bearer\s+(.+)$/i.exec(header.trim());
      if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.json({ message: 'Unauthorized: /metrics needs the metrics bearer token.' }, 401);
      }
      return next();
    }
    const relayed =
      !options.trustProxy &&
      (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined);
    if (relayed || !isPrivateAddress(clientIp(c, options.trustProxy))) {
      return c.json(
        {
          message:
            'Forbidden: /metrics answers private addresses only unless METRICS_TOKEN is set.',
        },
        403,
      );
    }
    return next();
  };
}
