import { connectBus, createLogger, listen, loadConfig, onShutdown } from '@uapqa/service-kit';
import { gatewayConfigSchema } from './config.js';
import { startGateway } from './service.js';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
if (!config.NATS_URL) {
  logger.warn('NATS_URL is unset: logouts are enforced by identity only, not followed here');
}
const bus = await connectBus({
  url: config.NATS_URL,
  name: 'gateway',
  streamPrefix: config.NATS_STREAM_PREFIX,
  streamReplicas: config.NATS_STREAM_REPLICAS,
  logger,
});
const gateway = await startGateway({ config, bus, logger });
const server = await listen(gateway.app, config.PORT, config.HOST);
logger.info({ port: server.port }, 'gateway listening');
onShutdown(async () => {
  await server.close();
  await gateway.stop();
  await bus.close();
});
