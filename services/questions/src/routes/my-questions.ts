import {
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  MyQuestionsQuery,
  MyQuestionsSummary,
  MyWindowPlaces,
  Question,
} from '@uapqa/contracts';
import { currentSession, defineRoute, HEADERS, response, SESSION } from '@uapqa/service-kit';
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';
import { placesHeldByExpert, windowAt } from '../windows.js';

/** A member's own questions, every status, with what only the asker may read (notes, refunds). */
export function myQuestionsRoutes({ db, config }: QuestionsDeps): Hono {
  const app = new Hono();

  /**
   * The caller's questions, newest first: `limit` (5 by default, the dashboard's recent list),
   * `offset` and `status`. The number matching is in `X-Total-Count`.
   */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/my-questions',
      operationId: 'listMyQuestions',
      summary: "The caller's questions, latest first, a page at a time",
      description:
        'Every status, with moderation notes, the deadline (`dueAt`) and whether the credit was refunded. `status` keeps one status; `X-Total-Count` counts the matches.',
      tag: 'questions',
      access: SESSION,
      query: MyQuestionsQuery,
      ok: { 200: { ...response(z.array(Question)), headers: HEADERS.totalCount } },
    },
    async (c, { query: { limit, offset, status } }) => {
      const { userId } = currentSession(c);
      const mine = and(
        eq(questions.askerId, userId),
        status ? eq(questions.status, status) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        fromQuestions(db)
          .where(mine)
          .orderBy(desc(questions.createdAt), desc(questions.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(questions).where(mine),
      ]);
      c.header('X-Total-Count', String(counted?.total ?? 0));
      c.header('Access-Control-Expose-Headers', 'X-Total-Count');
      // The asker's own questions: the rule gives an asker their answers whole (they paid for them).
      return c.json(toQuestions(rows, { reader: { userId, everyAnswer: false }, showNotes: true }));
    },
  );

  /** How many questions the caller asked, in all and by status (the dashboard's figures). */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/my-questions/summary',
      operationId: 'getMyQuestionsSummary',
      summary: 'How many questions the caller asked, in all and by status',
      tag: 'questions',
      access: SESSION,
      ok: { 200: response(MyQuestionsSummary) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const rows = await db
        .select({ status: questions.status, n: count() })
        .from(questions)
        .where(eq(questions.askerId, userId))
        .groupBy(questions.status);
      const summary: MyQuestionsSummary = {
        asked: 0,
        pending: 0,
        approved: 0,
        rejected: 0,
        answered: 0,
      };
      for (const row of rows) {
        summary[row.status] = row.n;
        summary.asked += row.n;
      }
      return c.json(summary);
    },
  );

  /**
   * The places the caller holds in each expert's current window (experts they hold none with are
   * left out), with how many they may hold: the ask form says so once the cap is reached.
   */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/my-questions/places',
      operationId: 'listMyWindowPlaces',
      summary: "The places the caller holds in each expert's current window",
      description:
        'One entry per expert the caller holds a place with this week (rejected questions give theirs back), with `limit`, the most one member may hold in one window.',
      tag: 'questions',
      access: SESSION,
      ok: { 200: response(z.array(MyWindowPlaces)) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const held = await placesHeldByExpert(db, userId, windowAt(config).opensAt);
      const places: MyWindowPlaces[] = [...held].map(([creatorId, count]) => ({
        creatorId,
        held: count,
        limit: MAX_PLACES_PER_MEMBER_PER_WINDOW,
      }));
      return c.json(places);
    },
  );

  return app;
}
