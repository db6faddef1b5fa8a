import { connectBus, createLogger, listen, loadConfig, onShutdown } from '@uapqa/service-kit';
import { identityConfigSchema } from './config.js';
import { startIdentity } from './service.js';

const config = loadConfig(identityConfigSchema);
const logger = createLogger('identity', config.LOG_LEVEL);
const bus = await connectBus({
  url: config.NATS_URL,
  name: 'identity',
  streamPrefix: config.NATS_STREAM_PREFIX,
  logger,
});
const service = await startIdentity({ config, bus, logger });
const server = await listen(service.app, config.PORT);
logger.info({ port: server.port }, 'identity listening');
onShutdown(async () => {
  await server.close();
  await service.stop();
  await bus.close();
});
