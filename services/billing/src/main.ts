import { connectBus, createLogger, listen, loadConfig, onShutdown } from '@uapqa/service-kit';
import { billingConfigSchema } from './config.js';
import { startBilling } from './service.js';

const config = loadConfig(billingConfigSchema);
const logger = createLogger('billing', config.LOG_LEVEL);
const bus = await connectBus({
  url: config.NATS_URL,
  name: 'billing',
  streamPrefix: config.NATS_STREAM_PREFIX,
  logger,
});
const service = await startBilling({ config, bus, logger });
const server = await listen(service.app, config.PORT);
logger.info({ port: server.port }, 'billing listening');
onShutdown(async () => {
  await server.close();
  await service.stop();
  await bus.close();
});
