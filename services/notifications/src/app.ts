import type { ServiceApi } from '@uapqa/service-kit';
import type { NotificationsDeps } from './deps.js';
import { formRoutes } from './routes/forms.js';
import { statsRoutes } from './routes/stats.js';

export function notificationsApi(deps: NotificationsDeps): ServiceApi {
  return {
    // Only the staff routes need to know who calls; the public forms never look.
    sessionPaths: '/api/notifications/*',
    routes: [formRoutes(deps), statsRoutes(deps)],
  };
}
