import { runService } from '@uapqa/service-kit';
import { questionsService } from './descriptor.js';

await runService(questionsService);
