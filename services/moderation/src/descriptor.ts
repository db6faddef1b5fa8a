import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { moderationConfigSchema } from './config.js';
import { startModeration } from './service.js';

/** Moderation: the review queue and staff decisions. */
export const moderationService = defineService({
  name: 'moderation',
  configSchema: moderationConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: (context) => startModeration(context),
});
