import { runService } from '@uapqa/service-kit';
import { notificationsConfigSchema } from './config.js';
import { startNotifications } from './service.js';

await runService({
  name: 'notifications',
  configSchema: notificationsConfigSchema,
  start: ({ config, bus, logger }) => startNotifications({ config, bus, logger }),
});
