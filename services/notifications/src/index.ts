export { type NotificationsConfig, notificationsConfigSchema } from './config.js';
export { notificationsService } from './descriptor.js';
export type { MailData, MailTemplate } from './mail/templates/index.js';
export {
  type NotificationsInstance,
  startNotifications,
} from './service.js';
