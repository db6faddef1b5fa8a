import type { Health, UpstreamState } from '@uapqa/contracts';
import type { Context } from 'hono';
import { SERVICES } from '../route-table.js';
import type { Upstreams } from '../upstreams.js';

/** `GET /api/health`: each service's readiness as the gateway sees it. */
export async function composeHealth(c: Context, upstreams: Upstreams): Promise<Response> {
  const services: Record<string, UpstreamState> = {};
  await Promise.all(
    SERVICES.map(async (name) => {
      const upstream = upstreams[name];
      if (!upstream) {
        services[name] = 'not deployed';
        return;
      }
      try {
        const response = await upstream.fetch(
          new Request(`${upstream.baseUrl}/ready`, { signal: AbortSignal.timeout(2000) }),
        );
        services[name] = response.ok ? 'ready' : 'not ready';
      } catch {
        services[name] = 'unreachable';
      }
    }),
  );
  const deployed = Object.values(services).filter((state) => state !== 'not deployed');
  const healthy = deployed.every((state) => state === 'ready');
  const health: Health = { status: healthy ? 'ok' : 'degraded', services };
  return c.json(health, healthy ? 200 : 503);
}
