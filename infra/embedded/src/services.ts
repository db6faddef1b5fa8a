import { join } from 'node:path';
import type { ServiceName } from '@uapqa/gateway';
import { identityConfigSchema, startIdentity } from '@uapqa/identity';
import type { EventBus, ServiceInstance } from '@uapqa/service-kit';
import type { EmbeddedConfig } from './config.js';

/**
 * The services the embedded process mounts, each on its own PGlite data folder. A service
 * joins the product by adding its entry here and its package to this one's dependencies.
 */
export const EMBEDDED_SERVICES: Array<{
  name: ServiceName;
  start(config: EmbeddedConfig, bus: EventBus): Promise<ServiceInstance>;
}> = [
  {
    name: 'identity',
    start: (config, bus) =>
      startIdentity({
        bus,
        config: identityConfigSchema.parse({
          DATA_DIR: join(config.DATA_DIR, 'identity'),
          SEED_DEMO: 'true',
          DEMO_PASSWORD: config.DEMO_PASSWORD,
          COOKIE_SECURE: String(config.COOKIE_SECURE),
          LOG_LEVEL: config.LOG_LEVEL,
        }),
      }),
  },
];
