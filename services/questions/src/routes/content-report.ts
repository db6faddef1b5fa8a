import { Question } from '@uapqa/contracts';
import { answer, apiDoc, currentSession, HEADERS, requireRole, roles } from '@uapqa/service-kit';
import { count, desc, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';

/** How many of the latest overdue questions the report lists. */
const REPORT_LIMIT = 50;

/** The admins' content report: questions whose expert let the 72 hours pass. */
export function contentReportRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  app.get(
    '/api/admin/reports/content',
    requireRole('admin'),
    apiDoc({
      operationId: 'readContentReport',
      summary: 'Questions past their deadline, latest first',
      description: `The latest ${REPORT_LIMIT} questions an expert did not answer within 72 hours (their credits were refunded), each with its asker and expert; \`X-Total-Count\` counts them all.`,
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: { ...answer(z.array(Question)), headers: HEADERS.totalCount } },
    }),
    async (c) => {
      const overdue = isNotNull(questions.overdueAt);
      const [rows, [counted]] = await Promise.all([
        fromQuestions(db).where(overdue).orderBy(desc(questions.overdueAt)).limit(REPORT_LIMIT),
        db.select({ total: count() }).from(questions).where(overdue),
      ]);
      c.header('X-Total-Count', String(counted?.total ?? 0));
      const reader = { userId: currentSession(c).userId, everyAnswer: true };
      return c.json(toQuestions(rows, { reader, showNotes: true }));
    },
  );
  return app;
}
