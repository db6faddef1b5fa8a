import { runService } from '@uapqa/service-kit';
import { identityConfigSchema } from './config.js';
import { startIdentity } from './service.js';

await runService({
  name: 'identity',
  configSchema: identityConfigSchema,
  start: ({ config, bus, logger }) => startIdentity({ config, bus, logger }),
});
