import { ROUTE_TABLE, routePattern, type ServiceName } from '@uapqa/gateway';
import type { TestStack } from '@uapqa/gateway/testing';

/** One public endpoint: a method and a Hono path pattern, and who answers it. */
export interface Endpoint {
  method: string;
  path: string;
  owner: ServiceName | 'gateway';
  /** The ROUTE_TABLE entry that sends it to its owner (gateway routes: none). */
  via?: string;
}

export const keyOf = (endpoint: { method: string; path: string }) =>
  `${endpoint.method} ${endpoint.path}`;

/** The concrete path a pattern gives once each `:param` is replaced. */
export function fill(pattern: string, param: (name: string) => string): string {
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? param(segment.slice(1)) : segment))
    .join('/');
}

/** The first ROUTE_TABLE entry a concrete path matches (the gateway's own rule: first wins). */
export function routeTableEntry(path: string) {
  return ROUTE_TABLE.find((entry) => routePattern(entry.path).test(path));
}

interface HonoLike {
  routes: ReadonlyArray<{ method: string; path: string }>;
}

/** Handlers (not middleware) an app registered under /api, one per method and path. */
function handlers(app: HonoLike): Array<{ method: string; path: string }> {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    seen.set(keyOf(route), { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/**
 * Every public endpoint, read from the running apps: the gateway's own routes, and each
 * service route that a ROUTE_TABLE entry sends to that service. Also what does not add up:
 * ROUTE_TABLE entries that reach no service route.
 */
export function publicEndpoints(stack: TestStack): {
  endpoints: Endpoint[];
  unreachableEntries: string[];
} {
  const endpoints: Endpoint[] = [];
  const used = new Set<string>();
  for (const route of handlers(stack.gateway.app)) {
    endpoints.push({ ...route, owner: 'gateway' });
  }
  const gatewayOwned = new Set(endpoints.map(keyOf));
  for (const [name, instance] of Object.entries(stack.services)) {
    const service = name as ServiceName;
    for (const route of handlers(instance!.app)) {
      if (gatewayOwned.has(keyOf(route))) continue;
      const entry = routeTableEntry(fill(route.path, () => '1'));
      if (!entry || entry.service !== service) continue;
      used.add(entry.path);
      endpoints.push({ ...route, owner: service, via: entry.path });
    }
  }
  const unreachableEntries = ROUTE_TABLE.filter(
    (entry) => !used.has(entry.path) && !gatewayOwned.has(`GET ${entry.path}`),
  ).map((entry) => `${entry.path} (${entry.service})`);
  endpoints.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  return { endpoints, unreachableEntries };
}
