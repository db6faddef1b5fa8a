import { connectBus, createLogger, listen, loadConfig, onShutdown } from '@uapqa/service-kit';
import { questionsConfigSchema } from './config.js';
import { startQuestions } from './service.js';

const config = loadConfig(questionsConfigSchema);
const logger = createLogger('questions', config.LOG_LEVEL);
const bus = await connectBus({
  url: config.NATS_URL,
  name: 'questions',
  streamPrefix: config.NATS_STREAM_PREFIX,
  logger,
});
const service = await startQuestions({ config, bus, logger });
const server = await listen(service.app, config.PORT);
logger.info({ port: server.port }, 'questions listening');
onShutdown(async () => {
  await server.close();
  await service.stop();
  await bus.close();
});
