import { IdParam, MyQuestionsQuery, Question } from '@uapqa/contracts';
import { currentSession, defineRoute, HEADERS, response, roles } from '@uapqa/service-kit';
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';

/** A member's questions as an admin's user page lists them: every status, with the notes. */
export function adminUserQuestionRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/users/:id/questions',
      operationId: 'listUserQuestions',
      summary: "A member's questions, latest first, a page at a time",
      description:
        'What the member sees in My Questions (every status, notes, deadlines, refunds, whole answers), for user management. `X-Total-Count` counts the matches.',
      tag: 'questions',
      access: roles('admin'),
      params: IdParam,
      query: MyQuestionsQuery,
      ok: { 200: { ...response(z.array(Question)), headers: HEADERS.totalCount } },
    },
    async (c, { params: { id }, query: { limit, offset, status } }) => {
      const theirs = and(
        eq(questions.askerId, id),
        status ? eq(questions.status, status) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        fromQuestions(db)
          .where(theirs)
          .orderBy(desc(questions.createdAt), desc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(questions).where(theirs),
      ]);
      c.header('X-Total-Count', String(counted?.total ?? 0));
      // Staff read every answer whole.
      const reader = { userId: currentSession(c).userId, everyAnswer: true };
      return c.json(toQuestions(rows, { reader, showNotes: true }));
    },
  );
  return app;
}
