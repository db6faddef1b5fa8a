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
  // Integration stacks announce a decision with the decision itself, as a caller expecting its
  // effects at once needs; a test of the hold and of Undo sets its own.
  testDefaults: () => ({ DECISION_HOLD_SECONDS: '0' }),
});
