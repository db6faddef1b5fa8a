import { ModerationUndone } from '@uapqa/contracts';
import { currentSession, defineRoute, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { undoDecision } from '../decisions/undo-decision.js';
import type { ModerationDeps } from '../deps.js';
import { byQueuedQuestionId, STAFF } from './queue.js';

/** Taking back a decision while it is held, before anyone outside moderation hears of it. */
export function undoRoutes(deps: ModerationDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/questions/:id/undo',
      operationId: 'undoQuestionDecision',
      summary: 'Undo a decision before it is announced',
      description:
        'Within its hold (until the `undoUntil` the decision answered) the moderator who took the decision, or an admin, puts the question back in the queue as pending; nobody was told of the decision, and the history keeps it as undone. `409` once it was announced, or when the question has no decision to undo; `403` for another moderator.',
      tag: 'moderation',
      access: STAFF,
      ...byQueuedQuestionId,
      ok: { 200: response(ModerationUndone) },
      errors: [404, 409],
    },
    async (c, { params }) => c.json(await undoDecision(deps, currentSession(c), params.id)),
  );

  return app;
}
