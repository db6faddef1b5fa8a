export { type NotificationsConfig, notificationsConfigSchema } from './config.js';
export type { MailData, MailTemplate } from './mail/templates.js';
export {
  type NotificationsInstance,
  type NotificationsServiceOptions,
  startNotifications,
} from './service.js';
