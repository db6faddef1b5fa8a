import {
  ModerationDecided,
  ModerationItem,
  ModerationStats,
  ModerationStatusBody,
  PendingQuestionsQuery,
  QuestionIdParam,
  STAFF_ROLES,
} from '@uapqa/contracts';
import {
  currentSession,
  defineRoute,
  HEADERS,
  response,
  roles,
  startOfMonthUtc,
} from '@uapqa/service-kit';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { decisions, queueItems } from '../db/schema.js';
import { decideQuestion, NOT_IN_QUEUE } from '../decisions/decide-question.js';
import type { ModerationDeps } from '../deps.js';
import { readPendingPage } from '../pending-page.js';

export const STAFF = roles(...STAFF_ROLES);

/** A question in the queue, by its id as given out: any other spelling names none. */
export const byQueuedQuestionId = { params: QuestionIdParam, paramsNotFound: NOT_IN_QUEUE };

export function queueRoutes(deps: ModerationDeps): Hono {
  const { db } = deps;
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/questions/pending',
      operationId: 'listPendingQuestions',
      summary: 'The review queue, oldest first',
      tag: 'moderation',
      access: STAFF,
      query: PendingQuestionsQuery,
      ok: {
        200: {
          ...response(z.array(ModerationItem)),
          headers: { ...HEADERS.totalCount, ...HEADERS.nextCursor },
        },
      },
    },
    async (c, { query }) => {
      const { items, total, nextCursor } = await readPendingPage(db, query);
      c.header('X-Total-Count', String(total));
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
      return c.json(items);
    },
  );

  /** The moderation service's part of the staff figures (the gateway composes them). */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/questions/stats',
      operationId: 'getModerationStats',
      summary: 'Review queue figures',
      tag: 'moderation',
      access: STAFF,
      ok: { 200: response(ModerationStats) },
    },
    async (c) => {
      const [[awaiting], [decided]] = await Promise.all([
        db.select({ n: count() }).from(queueItems).where(eq(queueItems.status, 'pending')),
        db
          .select({ n: count() })
          .from(decisions)
          // An undone decision was taken back: it counts once the question is decided again.
          .where(and(gte(decisions.decidedAt, startOfMonthUtc()), isNull(decisions.undoneAt))),
      ]);
      const stats: ModerationStats = {
        awaitingReview: awaiting?.n ?? 0,
        decidedThisMonth: decided?.n ?? 0,
      };
      return c.json(stats);
    },
  );

  defineRoute(
    app,
    {
      method: 'patch',
      path: '/api/admin/questions/:id/status',
      operationId: 'decideQuestion',
      summary: 'Approve (assigning an expert) or reject a question',
      description:
        'The question leaves the queue at once; the decision is announced (the member and the expert emailed, a rejection refunded) at `undoUntil`, until when its moderator or an admin may undo it. `undoUntil` is null when the service announces decisions at once (`DECISION_HOLD_SECONDS` 0).',
      tag: 'moderation',
      access: STAFF,
      ...byQueuedQuestionId,
      body: ModerationStatusBody,
      ok: { 200: response(ModerationDecided) },
      errors: [404, 409],
    },
    async (c, { params, body }) =>
      c.json(await decideQuestion(deps, currentSession(c), params.id, body)),
  );

  return app;
}
