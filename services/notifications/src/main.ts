import { runService } from '@uapqa/service-kit';
import { notificationsService } from './descriptor.js';

await runService(notificationsService);
