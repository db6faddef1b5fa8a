import { AnswerBody, AnswerRecorded, Question } from '@uapqa/contracts';
import { currentSession, defineRoute, response, roles } from '@uapqa/service-kit';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { answerQuestion } from '../answering/answer-question.js';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';

export function answerRoutes(deps: QuestionsDeps): Hono {
  const { db } = deps;
  const app = new Hono();

  /** The questions assigned to the signed-in expert: approved ones to answer, and answered. */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/creator/questions',
      operationId: 'listExpertQuestions',
      summary: 'Questions assigned to the expert',
      tag: 'questions',
      access: roles('expert'),
      ok: { 200: response(z.array(Question)) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const rows = await fromQuestions(db)
        .where(eq(questions.assignedExpertId, userId))
        .orderBy(desc(questions.decidedAt), desc(questions.id))
        .limit(500);
      // Assigned to the caller: the rule gives the writing expert their answers whole.
      return c.json(
        toQuestions(rows, {
          reader: { userId, everyAnswer: false },
          showNotes: true,
          answeringExpert: true,
        }),
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/answers',
      operationId: 'answerQuestion',
      summary: 'Answer an approved question',
      tag: 'questions',
      access: roles('expert'),
      body: AnswerBody,
      ok: {
        201: response(AnswerRecorded),
      },
      errors: [404, 409],
    },
    async (c, { body }) => {
      const answered = await answerQuestion(deps, currentSession(c).userId, body);
      return c.json(
        {
          questionId: answered.questionId,
          status: 'answered',
          answeredAt: answered.answeredAt.toISOString(),
        },
        201,
      );
    },
  );

  return app;
}
