import type { ServiceApi } from '@uapqa/service-kit';
import type { ModerationDeps } from './deps.js';
import { queueRoutes } from './routes/queue.js';

export function moderationApi(deps: ModerationDeps): ServiceApi {
  return { routes: [queueRoutes(deps)] };
}
