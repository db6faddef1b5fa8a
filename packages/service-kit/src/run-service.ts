import { connectBus } from './bus/index.js';
import { listen, onShutdown } from './http/serve.js';
import type { ServiceInstance } from './http/service.js';
import { createLogger, type Logger } from './logger.js';
import type { RunnableConfig, ServiceDescriptor } from './service-descriptor.js';

/**
 * A service's `main`: reads its config from the environment, connects the bus (JetStream when
 * NATS_URL is set), starts the service, listens on PORT (and HOST, when its config has one) and
 * stops cleanly on SIGTERM.
 */
export async function runService<C extends RunnableConfig>(
  service: ServiceDescriptor<string, C, ServiceInstance>,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const config = service.configure(env);
  const logger: Logger = createLogger(service.name, config.LOG_LEVEL);
  const bus = await connectBus({
    url: config.NATS_URL,
    name: service.name,
    streamPrefix: config.NATS_STREAM_PREFIX,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    logger,
  });
  const instance = await service.start({ config, bus, logger });
  const server = await listen(instance.app, config.PORT, config.HOST);
  logger.info({ port: server.port }, `${service.name} listening`);
  onShutdown(async () => {
    await server.close();
    await instance.stop();
    await bus.close();
  });
}
