import { HttpError } from '@uapqa/service-kit';
import type { ServiceName } from '../route-table.js';
import type { Upstreams } from '../upstreams.js';

/**
 * Staff and platform figures join several services. The gateway answers them only once every
 * service they need is deployed; until then a 503 names the missing ones.
 */
export const STATS_SOURCES: Record<'/api/admin/stats' | '/api/platform-stats', ServiceName[]> = {
  '/api/admin/stats': ['billing', 'questions', 'moderation', 'identity'],
  '/api/platform-stats': ['identity', 'questions'],
};

export function statsUnavailable(upstreams: Upstreams, needed: ServiceName[]): HttpError {
  const missing = needed.filter((name) => !upstreams[name]);
  return new HttpError(
    503,
    `These figures need the ${missing.join(', ')} service(s), not available yet.`,
    { services: missing },
  );
}
