import type { ServiceApi } from '@uapqa/service-kit';
import type { QuestionsDeps } from './deps.js';
import { adminUserQuestionRoutes } from './routes/admin-user-questions.js';
import { answerEditRoutes } from './routes/answer-edits.js';
import { answerFeedbackRoutes } from './routes/answer-feedback.js';
import { answerRoutes } from './routes/answers.js';
import { archiveRoutes } from './routes/archive.js';
import { askRoutes } from './routes/ask.js';
import { contentReportRoutes } from './routes/content-report.js';
import { expertRecordRoutes } from './routes/expert-record.js';
import { exportRoutes } from './routes/export.js';
import { myQuestionsRoutes } from './routes/my-questions.js';
import { questionPageRoutes } from './routes/question-page.js';
import { refundDecisionRoutes } from './routes/refund-decisions.js';
import { statsRoutes } from './routes/stats.js';
import { taxonomyRoutes } from './routes/taxonomy.js';

export function questionsApi(deps: QuestionsDeps): ServiceApi {
  return {
    routes: [
      statsRoutes(deps),
      expertRecordRoutes(deps),
      archiveRoutes(deps),
      exportRoutes(deps),
      myQuestionsRoutes(deps),
      adminUserQuestionRoutes(deps),
      contentReportRoutes(deps),
      refundDecisionRoutes(deps),
      // After every fixed /api/questions/... path: `:id` would otherwise take them.
      questionPageRoutes(deps),
      askRoutes(deps),
      answerRoutes(deps),
      answerFeedbackRoutes(deps),
      answerEditRoutes(deps),
      taxonomyRoutes(deps),
    ],
  };
}
