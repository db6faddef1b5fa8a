export { type ModerationConfig, moderationConfigSchema } from './config.js';
export { moderationService } from './descriptor.js';
export {
  type ModerationInstance,
  startModeration,
} from './service.js';
