import { QuestionAccepted, SubmitQuestionBody } from '@uapqa/contracts';
import { currentSession, defineRoute, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { askQuestion } from '../ask/ask-question.js';
import type { QuestionsDeps } from '../deps.js';

export function askRoutes(deps: QuestionsDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/questions',
      operationId: 'askQuestion',
      summary: 'Ask an expert (uses one FOIA credit)',
      tag: 'questions',
      access: SESSION,
      body: SubmitQuestionBody,
      ok: { 201: response(QuestionAccepted) },
      errors: [402, 403, 409],
    },
    async (c, { body }) => {
      const { userId, username } = currentSession(c);
      const { questionId } = await askQuestion(deps, { userId, username }, body);
      return c.json(
        { id: questionId, status: 'pending', message: 'Question submitted for moderation.' },
        201,
      );
    },
  );

  return app;
}
