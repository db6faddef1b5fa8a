import { Question, SitemapPage, SitemapQuery, STAFF_ROLES } from '@uapqa/contracts';
import { defineRoute, notFound, PUBLIC, response } from '@uapqa/service-kit';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { refundableUntil } from '../feedback/answered-question.js';
import { refundRequestOf } from '../feedback/refunds.js';
import { answerReader } from '../readers.js';
import { fromQuestions, toQuestions } from '../shape.js';
import { byQuestionId, NO_SUCH_QUESTION } from './question-id.js';

/** One question's page, and the list of answered questions a sitemap is made of. */
export function questionPageRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  const archived = and(eq(questions.status, 'answered'), isNotNull(questions.answeredAt));

  /**
   * Answered questions, oldest answer first (a new answer lands on the last page, so a page's
   * contents never shift), `limit` at a time from `offset`, with how many there are in all.
   */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/sitemap',
      operationId: 'listSitemapPages',
      summary: "Answered questions' ids and answer dates, oldest first (the sitemap's pages)",
      tag: 'questions',
      access: PUBLIC,
      query: SitemapQuery,
      ok: { 200: response(SitemapPage) },
    },
    async (c, { query: { limit, offset } }) => {
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: questions.id, answeredAt: questions.answeredAt })
          .from(questions)
          .where(archived)
          .orderBy(asc(questions.answeredAt), asc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(questions).where(archived),
      ]);
      return c.json({
        total: counted?.total ?? 0,
        entries: rows.map((row) => ({ id: row.id, answeredAt: row.answeredAt!.toISOString() })),
      });
    },
  );

  /**
   * An answered question for anyone (whole for those the subscription rule allows, in
   * readers.ts; the preview for everyone else).
   * Any other question only for its asker, its assigned expert and staff: for everyone else it
   * does not exist (404), so its existence is not revealed either.
   */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/:id',
      operationId: 'getQuestion',
      summary: 'One question',
      description:
        'An answered question for anyone. The whole answer goes to members with an active subscription, staff, the expert who wrote it and its asker; everyone else (visitors, members without a subscription or whose subscription lapsed) gets its first 100 characters and `...`, with `answer.truncated: true`. Any other question only for its asker, its assigned expert and staff, 404 for everyone else. Moderation notes only for those three.',
      tag: 'questions',
      access: PUBLIC,
      ...byQuestionId,
      ok: { 200: response(Question) },
      errors: [404],
    },
    async (c, { params }) => {
      const [row] = await fromQuestions(db).where(eq(questions.id, params.id));
      const session = c.get('session');
      const asker = session !== null && row !== undefined && row.askerId === session.userId;
      const involved =
        session !== null &&
        row !== undefined &&
        (asker || row.assignedExpertId === session.userId || STAFF_ROLES.includes(session.role));
      if (!row || (row.status !== 'answered' && !involved)) throw notFound(NO_SUCH_QUESTION);
      const reader = await answerReader(db, session);
      const [question] = toQuestions([row], {
        reader,
        showNotes: involved,
        answeringExpert: session !== null && row.assignedExpertId === session.userId,
      });
      const staff = session !== null && STAFF_ROLES.includes(session.role);
      // The refund request is between the asker and staff; the expert hears of it by decision.
      const refunds =
        row.status === 'answered' && (asker || staff)
          ? {
              refundRequest: await refundRequestOf(db, row.id),
              refundableUntil: asker ? (refundableUntil(row)?.toISOString() ?? null) : null,
            }
          : {};
      return c.json({ ...question, ...refunds, askedByViewer: asker });
    },
  );

  return app;
}
