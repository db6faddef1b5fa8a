import type { ServiceApi } from '@uapqa/service-kit';
import type { ModerationDeps } from './deps.js';
import { queueRoutes } from './routes/queue.js';
import { undoRoutes } from './routes/undo.js';

export function moderationApi(deps: ModerationDeps): ServiceApi {
  return { routes: [queueRoutes(deps), undoRoutes(deps)] };
}
