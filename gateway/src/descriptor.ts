import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { gatewayConfigSchema } from './config.js';
import { startGateway } from './service.js';

/** The gateway: the one public door, in front of every service. */
export const gatewayService = defineService({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: ({ config, bus, logger }) => {
    if (!config.NATS_URL) {
      logger?.warn('NATS_URL is unset: logouts are enforced by identity only, not followed here');
    }
    return startGateway({ config, bus, logger });
  },
});
