import { Question } from '@uapqa/contracts';
import { currentSession, defineRoute, HEADERS, response, roles } from '@uapqa/service-kit';
import { and, count, desc, isNotNull, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, type QuestionRow, toQuestions } from '../shape.js';

/** How many of the latest overdue questions the report lists. */
const REPORT_LIMIT = 50;

/** A report's questions as admins read them: whole, with notes, and naming the asker's account. */
function forReport(rows: QuestionRow[], adminId: number) {
  const reader = { userId: adminId, everyAnswer: true };
  return toQuestions(rows, { reader, showNotes: true }).map((question, index) => ({
    ...question,
    askerId: rows[index]?.askerId ?? null,
  }));
}

/** Answers rated this many stars or fewer are in the content report. */
export const LOW_RATING = 2;

/**
 * The admins' content reports: questions whose expert let the 72 hours pass, and answers their
 * askers rated low. (Open refund requests are staff's queue, `/api/admin/refund-requests`.)
 */
export function contentReportRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/reports/content',
      operationId: 'readContentReport',
      summary: 'Questions past their deadline, latest first',
      description: `The latest ${REPORT_LIMIT} questions an expert did not answer within 72 hours (their credits were refunded), each with its asker and expert; \`X-Total-Count\` counts them all.`,
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: { ...response(z.array(Question)), headers: HEADERS.totalCount } },
    },
    async (c) => {
      const overdue = isNotNull(questions.overdueAt);
      const [rows, [counted]] = await Promise.all([
        fromQuestions(db).where(overdue).orderBy(desc(questions.overdueAt)).limit(REPORT_LIMIT),
        db.select({ total: count() }).from(questions).where(overdue),
      ]);
      c.header('X-Total-Count', String(counted?.total ?? 0));
      return c.json(forReport(rows, currentSession(c).userId));
    },
  );
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/reports/low-ratings',
      operationId: 'readLowRatingsReport',
      summary: `Answers rated ${LOW_RATING} stars or fewer, latest rating first`,
      description: `The latest ${REPORT_LIMIT} answers their askers rated ${LOW_RATING} stars or fewer, each with its expert and the asker's comment; \`X-Total-Count\` counts them all.`,
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: { ...response(z.array(Question)), headers: HEADERS.totalCount } },
    },
    async (c) => {
      const low = and(isNotNull(questions.rating), lte(questions.rating, LOW_RATING));
      const [rows, [counted]] = await Promise.all([
        fromQuestions(db).where(low).orderBy(desc(questions.ratedAt)).limit(REPORT_LIMIT),
        db.select({ total: count() }).from(questions).where(low),
      ]);
      c.header('X-Total-Count', String(counted?.total ?? 0));
      return c.json(forReport(rows, currentSession(c).userId));
    },
  );
  return app;
}
