import type { ServiceApi } from '@uapqa/service-kit';
import type { NotificationsDeps } from './deps.js';
import { exportRoutes } from './routes/export.js';
import { formRoutes } from './routes/forms.js';
import { newsletterRoutes } from './routes/newsletter.js';
import { preferenceRoutes } from './routes/preferences.js';
import { statsRoutes } from './routes/stats.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';

export function notificationsApi(deps: NotificationsDeps): ServiceApi {
  return {
    // Only the staff routes, a member's own settings and export need to know who calls; the public
    // forms and the unsubscribe links never look.
    sessionPaths: '/api/:area{notifications|account}/*',
    routes: [
      formRoutes(deps),
      newsletterRoutes(deps),
      unsubscribeRoutes(deps),
      preferenceRoutes(deps),
      statsRoutes(deps),
      exportRoutes(deps),
    ],
  };
}
