import type { ServiceName } from './route-table.js';

/**
 * How the gateway reaches a service: over HTTP in the distributed modes, or by calling its
 * Hono app in the same process in embedded mode. Routing code cannot tell the difference.
 */
export interface Upstream {
  name: ServiceName;
  baseUrl: string;
  fetch(request: Request): Promise<Response>;
}

export function httpUpstream(name: ServiceName, baseUrl: string, timeoutMs = 15_000): Upstream {
  return {
    name,
    baseUrl,
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(timeoutMs) }),
  };
}

export function inProcessUpstream(
  name: ServiceName,
  app: { fetch(request: Request): Response | Promise<Response> },
): Upstream {
  return { name, baseUrl: `http://${name}.internal`, fetch: async (request) => app.fetch(request) };
}

export type Upstreams = Partial<Record<ServiceName, Upstream>>;
