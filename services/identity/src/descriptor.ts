import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { identityConfigSchema } from './config.js';
import { startIdentity } from './service.js';

/** Identity: accounts, sessions and their signing keys, roles, expert profiles. */
export const identityService = defineService({
  name: 'identity',
  configSchema: identityConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: ({ config, bus, logger }) => startIdentity({ config, bus, logger }),
  // The demo accounts, which every integration suite signs in with.
  testDefaults: () => ({ SEED_DEMO: 'true' }),
});
