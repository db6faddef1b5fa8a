export { type NotificationsConfig, notificationsConfigSchema } from './config.js';
export { notificationsService } from './descriptor.js';
export type { MailData, MailTemplate } from './mail/templates.js';
export {
  type NotificationsInstance,
  startNotifications,
} from './service.js';
