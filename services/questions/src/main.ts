import { runService } from '@uapqa/service-kit';
import { questionsConfigSchema } from './config.js';
import { startQuestions } from './service.js';

await runService({
  name: 'questions',
  configSchema: questionsConfigSchema,
  start: ({ config, bus, logger }) => startQuestions({ config, bus, logger }),
});
