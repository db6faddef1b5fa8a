import { runService } from '@uapqa/service-kit';
import { billingService } from './descriptor.js';

await runService(billingService);
