import { runService } from '@uapqa/service-kit';
import { billingConfigSchema } from './config.js';
import { startBilling } from './service.js';

await runService({
  name: 'billing',
  configSchema: billingConfigSchema,
  start: ({ config, bus, logger }) => startBilling({ config, bus, logger }),
});
