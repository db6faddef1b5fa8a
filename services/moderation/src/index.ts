export { type ModerationConfig, moderationConfigSchema } from './config.js';
export {
  type ModerationInstance,
  type ModerationServiceOptions,
  startModeration,
} from './service.js';
