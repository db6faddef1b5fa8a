import { QuestionStats } from '@uapqa/contracts';
import { defineRoute, PUBLIC, response, startOfMonthUtc } from '@uapqa/service-kit';
import { count, eq, gte } from 'drizzle-orm';
import { Hono } from 'hono';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';

/** The questions service's part of the platform and staff figures. */
export function statsRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/stats',
      operationId: 'getQuestionStats',
      summary: 'Question counts',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(QuestionStats) },
    },
    async (c) => {
      const monthStart = startOfMonthUtc();
      const [[total], [answered], [thisMonth]] = await Promise.all([
        db.select({ n: count() }).from(questions),
        db.select({ n: count() }).from(questions).where(eq(questions.status, 'answered')),
        db.select({ n: count() }).from(questions).where(gte(questions.createdAt, monthStart)),
      ]);
      return c.json({
        totalQuestions: total?.n ?? 0,
        questionsAnswered: answered?.n ?? 0,
        questionsThisMonth: thisMonth?.n ?? 0,
      });
    },
  );
  return app;
}
