import { runService } from '@uapqa/service-kit';
import { identityService } from './descriptor.js';

await runService(identityService);
