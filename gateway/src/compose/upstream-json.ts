import type { Context } from 'hono';
import type { ServiceName } from '../route-table.js';
import { replyJson, replyOk, type Upstreams } from '../upstreams.js';

/** A composed figure that does not come back in this time is reported missing, not waited for. */
export const COMPOSE_TIMEOUT_MS = 3_000;

/**
 * One service's JSON for a composition, or null when the service is not deployed, fails, or is
 * too slow. `withSession` forwards the caller's verified token (a member's own data, staff-only
 * figures). A figure that may be left out gives up after COMPOSE_TIMEOUT_MS; one the page cannot
 * do without (`waitForIt`) waits as long as the service is given.
 */
export async function upstreamJson<T>(
  c: Context,
  upstreams: Upstreams,
  name: ServiceName,
  path: string,
  { withSession = false, waitForIt = false }: { withSession?: boolean; waitForIt?: boolean } = {},
): Promise<T | null> {
  const upstream = upstreams[name];
  if (!upstream) return null;
  const headers: Record<string, string> = { 'x-request-id': c.get('requestId') ?? '' };
  if (withSession) headers.authorization = `Bearer ${c.get('sessionToken') ?? ''}`;
  const reply = upstream
    .call({ method: 'GET', path, headers })
    .then((replied) => (replyOk(replied) ? replyJson<T>(replied) : null))
    .catch(() => null);
  if (waitForIt) return reply;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), COMPOSE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([reply, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
