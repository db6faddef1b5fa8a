import {
  ModerationDecided,
  ModerationItem,
  ModerationStats,
  ModerationStatusBody,
  PendingQuestionsQuery,
  QuestionIdParam,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  badRequest,
  currentSession,
  HEADERS,
  HttpError,
  isoInstant,
  keysetCursor,
  notFound,
  readJson,
  readQuery,
  requireRole,
  roles,
  startOfMonthUtc,
} from '@uapqa/service-kit';
import { and, asc, count, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { decisions, experts, queueItems } from '../db/schema.js';
import { announce, releaseTime } from '../decisions/hold.js';
import type { ModerationDeps } from '../deps.js';
import { fromQueue, toItem } from '../shape.js';

const staffOnly = requireRole('moderator', 'admin');

/** Keyset position in the queue: the last item's submission time and id. */
const queueCursor = keysetCursor(
  z.object({
    s: isoInstant,
    i: z
      .string()
      .min(1)
      .max(200)
      .refine((id) => !id.includes('\u0000')),
  }),
);

function alreadyDecided(item: { status: string; decidedAt: Date | null }): HttpError {
  const when = item.decidedAt ? ` on ${item.decidedAt.toISOString()}` : '';
  return new HttpError(
    409,
    `This question was already ${item.status}${when}; it is no longer awaiting moderation.`,
    { status: item.status },
  );
}

export function queueRoutes({ db, relay, config, releases }: ModerationDeps): Hono {
  const app = new Hono();

  /** The review queue: pending questions, oldest first, a page at a time. */
  app.get(
    '/api/admin/questions/pending',
    apiDoc({
      operationId: 'listPendingQuestions',
      summary: 'The review queue, oldest first',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      query: PendingQuestionsQuery,
      ok: {
        200: {
          ...answer(z.array(ModerationItem)),
          headers: { ...HEADERS.totalCount, ...HEADERS.nextCursor },
        },
      },
    }),
    staffOnly,
    async (c) => {
      const { limit, cursor } = readQuery(c, PendingQuestionsQuery);
      const where: SQL[] = [eq(queueItems.status, 'pending')];
      if (cursor) {
        const after = queueCursor.decode(cursor);
        where.push(
          sql`(${queueItems.submittedAt}, ${queueItems.questionId}) > (${after.s}::timestamptz, ${after.i})`,
        );
      }
      const [rows, [total]] = await Promise.all([
        fromQueue(db)
          .where(and(...where))
          .orderBy(asc(queueItems.submittedAt), asc(queueItems.questionId))
          .limit(limit + 1),
        db.select({ n: count() }).from(queueItems).where(eq(queueItems.status, 'pending')),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      c.header('X-Total-Count', String(total?.n ?? 0));
      if (rows.length > limit && last) {
        c.header(
          'X-Next-Cursor',
          queueCursor.encode({ s: last.item.submittedAt.toISOString(), i: last.item.questionId }),
        );
      }
      c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
      return c.json(page.map(toItem));
    },
  );

  /** The moderation service's part of the staff figures (the gateway composes them). */
  app.get(
    '/api/admin/questions/stats',
    apiDoc({
      operationId: 'getModerationStats',
      summary: 'Review queue figures',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      ok: { 200: answer(ModerationStats) },
    }),
    staffOnly,
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

  /**
   * Approves or rejects a pending question. The decision and its history row commit together;
   * the update is conditional on the item still being pending, so of two moderators deciding at
   * once exactly one wins. The event that tells questions (and billing, for a refund) is held
   * for DECISION_HOLD_SECONDS, while the decision can be undone (routes/undo.ts), and enqueued by
   * the release (jobs/release.ts); without a hold it commits with the decision.
   */
  app.patch(
    '/api/admin/questions/:id/status',
    apiDoc({
      operationId: 'decideQuestion',
      summary: 'Approve (assigning an expert) or reject a question',
      description:
        'The question leaves the queue at once; the decision is announced (the member and the expert emailed, a rejection refunded) at `undoUntil`, until when its moderator or an admin may undo it. `undoUntil` is null when the service announces decisions at once (`DECISION_HOLD_SECONDS` 0).',
      tag: 'moderation',
      access: roles('admin', 'moderator'),
      params: QuestionIdParam,
      body: ModerationStatusBody,
      ok: { 200: answer(ModerationDecided) },
      errors: [404, 409],
    }),
    staffOnly,
    async (c) => {
      const session = currentSession(c);
      // An id in any other spelling than the one given out names no question in the queue.
      const param = QuestionIdParam.safeParse(c.req.param());
      const missing = () => notFound('No question with this id is in the moderation queue.');
      if (!param.success) throw missing();
      const { id } = param.data;
      const body = await readJson(c, ModerationStatusBody);
      const [item] = await db.select().from(queueItems).where(eq(queueItems.questionId, id));
      if (!item) throw missing();
      if (item.status !== 'pending') throw alreadyDecided(item);

      let assignedExpertId: number | null = null;
      if (body.status === 'approved') {
        assignedExpertId = body.assignedExpertId ?? item.requestedExpertId;
        const [expert] = await db
          .select({
            listed: experts.listed,
            firstName: experts.firstName,
            brandName: experts.brandName,
          })
          .from(experts)
          .where(eq(experts.userId, assignedExpertId));
        // The expert asked may not be known here yet (their approval still on its way); another
        // expert must be.
        if (!expert && assignedExpertId !== item.requestedExpertId) {
          throw badRequest(
            `No approved expert has the user id ${assignedExpertId}; choose one of the experts.`,
            'assignedExpertId',
          );
        }
        if (expert && !expert.listed) {
          const name = expert.firstName || expert.brandName || 'This expert';
          throw badRequest(
            `${name} is no longer available to answer questions; assign another expert, or reject the question (its credit is refunded).`,
            'assignedExpertId',
          );
        }
        // An expert may ask another expert, never be paid to answer their own question.
        if (assignedExpertId === item.askerId) {
          throw badRequest(
            'This expert asked the question; assign it to another expert.',
            'assignedExpertId',
          );
        }
      }

      const decidedAt = new Date();
      const hold = config.DECISION_HOLD_SECONDS;
      const releaseAt = releaseTime(decidedAt, hold);
      const rejectionReason = body.status === 'rejected' ? (body.rejectionReason ?? null) : null;
      const decided = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(queueItems)
          .set({
            status: body.status,
            assignedExpertId,
            moderationNotes: body.moderationNotes,
            rejectionReason,
            decidedBy: session.userId,
            decidedAt,
          })
          .where(and(eq(queueItems.questionId, id), eq(queueItems.status, 'pending')))
          .returning({ questionId: queueItems.questionId });
        if (!claimed) return false;
        const [decision] = await tx
          .insert(decisions)
          .values({
            questionId: id,
            decision: body.status,
            moderatorId: session.userId,
            moderatorUsername: session.username,
            moderationNotes: body.moderationNotes,
            rejectionReason,
            assignedExpertId,
            decidedAt,
            releaseAt,
          })
          .returning({ id: decisions.id });
        // Without a hold the event commits with the decision, as before holds existed.
        if (hold === 0) await announce(tx, eq(decisions.id, decision!.id));
        return true;
      });
      if (!decided) {
        const [now] = await db.select().from(queueItems).where(eq(queueItems.questionId, id));
        throw alreadyDecided(now ?? item);
      }
      if (hold === 0) relay.kick();
      else releases.changed();
      const [row] = await fromQueue(db).where(eq(queueItems.questionId, id));
      const answered: ModerationDecided = {
        ...toItem(row!),
        undoUntil: hold === 0 ? null : releaseAt.toISOString(),
      };
      return c.json(answered);
    },
  );

  return app;
}
