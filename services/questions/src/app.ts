import { createServiceApp, type SessionVerifier, sessionMiddleware } from '@uapqa/service-kit';
import type { Hono } from 'hono';
import type { QuestionsDeps } from './deps.js';
import { answerRoutes } from './routes/answers.js';
import { archiveRoutes } from './routes/archive.js';
import { askRoutes } from './routes/ask.js';
import { myQuestionsRoutes } from './routes/my-questions.js';
import { questionPageRoutes } from './routes/question-page.js';
import { statsRoutes } from './routes/stats.js';
import { taxonomyRoutes } from './routes/taxonomy.js';

export function buildQuestionsApp(
  deps: QuestionsDeps,
  verifier: SessionVerifier,
  readiness: Record<string, () => Promise<boolean>> = {},
): Hono {
  const app = createServiceApp({ name: 'questions', logger: deps.logger, readiness });
  app.use('/api/*', sessionMiddleware(verifier));
  app.route('/', statsRoutes(deps));
  app.route('/', archiveRoutes(deps));
  app.route('/', myQuestionsRoutes(deps));
  // After every fixed /api/questions/... path: `:id` would otherwise take them.
  app.route('/', questionPageRoutes(deps));
  app.route('/', askRoutes(deps));
  app.route('/', answerRoutes(deps));
  app.route('/', taxonomyRoutes(deps));
  return app;
}
