import { fileURLToPath } from 'node:url';
import { defineService } from '@uapqa/service-kit';
import { questionsConfigSchema } from './config.js';
import { startQuestions } from './service.js';

/** Questions: taxonomy, asking, expert windows, answers and the public archive. */
export const questionsService = defineService({
  name: 'questions',
  configSchema: questionsConfigSchema,
  main: fileURLToPath(new URL('./main.js', import.meta.url)),
  start: (context) => startQuestions(context),
  // The taxonomy and the demo archive, which suites browse and ask against.
  testDefaults: () => ({ SEED_DEMO: 'true' }),
});
