import { ModerationUndone, QuestionIdParam } from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  conflict,
  currentSession,
  forbidden,
  HttpError,
  notFound,
  requireRole,
  roles,
} from '@uapqa/service-kit';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { decisions, queueItems } from '../db/schema.js';
import { held } from '../decisions/hold.js';
import type { ModerationDeps } from '../deps.js';
import { fromQueue, toItem } from '../shape.js';

const staffOnly = requireRole('moderator', 'admin');

const ALREADY_SENT = 'This decision was already sent; it can no longer be undone.';

/**
 * Undo of a decision still held (see decisions/hold.ts): it was never announced, so nobody
 * outside moderation heard of it, and taking it back is only putting the item back in the queue.
 */
export function undoRoutes({ db, releases }: ModerationDeps): Hono {
  const app = new Hono();

  app.post(
    '/api/admin/questions/:id/undo',
    apiDoc({
      operationId: 'undoQuestionDecision',
      summary: 'Undo a decision before it is announced',
      description:
        'Within its hold (until the `undoUntil` the decision answered) the moderator who took the decision, or an admin, puts the question back in the queue as pending; nobody was told of the decision, and the history keeps it as undone. `409` once it was announced, or when the question has no decision to undo; `403` for another moderator.',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      params: QuestionIdParam,
      ok: { 200: answer(ModerationUndone) },
      errors: [404, 409],
    }),
    staffOnly,
    async (c) => {
      const session = currentSession(c);
      const param = QuestionIdParam.safeParse(c.req.param());
      const missing = () => notFound('No question with this id is in the moderation queue.');
      if (!param.success) throw missing();
      const { id } = param.data;
      const [item] = await db
        .select({ status: queueItems.status })
        .from(queueItems)
        .where(eq(queueItems.questionId, id));
      if (!item) throw missing();

      const now = new Date();
      await db.transaction(async (tx) => {
        // The live decision is the latest one not undone. Locked, so a release of it either
        // committed before this reads it (announced: too late) or waits and then claims nothing.
        const [live] = await tx
          .select()
          .from(decisions)
          .where(and(eq(decisions.questionId, id), isNull(decisions.undoneAt)))
          .orderBy(desc(decisions.id))
          .limit(1)
          .for('update');
        if (!live) {
          throw new HttpError(
            409,
            'This question has no decision to undo: it is awaiting moderation.',
            { status: item.status },
          );
        }
        if (live.moderatorId !== session.userId && session.role !== 'admin') {
          throw forbidden('Only the moderator who took this decision, or an admin, can undo it.');
        }
        // Never after the time the decision answered, even if the release is a moment late:
        // past it, the announcement may be on its way.
        const [undone] = await tx
          .update(decisions)
          .set({ undoneAt: now, undoneBy: session.userId })
          .where(and(eq(decisions.id, live.id), held, gt(decisions.releaseAt, now)))
          .returning({ id: decisions.id });
        if (!undone) throw conflict(ALREADY_SENT);
        await tx
          .update(queueItems)
          .set({
            status: 'pending',
            assignedExpertId: null,
            moderationNotes: null,
            rejectionReason: null,
            decidedBy: null,
            decidedAt: null,
          })
          .where(eq(queueItems.questionId, id));
      });
      releases.changed();
      const [row] = await fromQueue(db).where(eq(queueItems.questionId, id));
      const undone: ModerationUndone = {
        message:
          'The decision was undone: the question is back in the moderation queue, and nobody was told of it.',
        item: toItem(row!),
      };
      return c.json(undone);
    },
  );

  return app;
}
