import { runService } from '@uapqa/service-kit';
import { gatewayService } from './descriptor.js';

await runService(gatewayService);
