import { runService } from '@uapqa/service-kit';
import { moderationConfigSchema } from './config.js';
import { startModeration } from './service.js';

await runService({
  name: 'moderation',
  configSchema: moderationConfigSchema,
  start: ({ config, bus, logger }) => startModeration({ config, bus, logger }),
});
