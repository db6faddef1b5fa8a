import { runService } from '@uapqa/service-kit';
import { moderationService } from './descriptor.js';

await runService(moderationService);
