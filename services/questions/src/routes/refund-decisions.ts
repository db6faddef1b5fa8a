import {
  FeedbackRecorded,
  RefundDecisionBody,
  RefundQueueItem,
  RefundQueueQuery,
  STAFF_ROLES,
} from '@uapqa/contracts';
import { currentSession, defineRoute, response, roles } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { QuestionsDeps } from '../deps.js';
import { decideRefund, refundQueue } from '../feedback/refunds.js';
import { byQuestionId } from './question-id.js';

/** Staff's queue of refund requests, and their decisions. */
export function refundDecisionRoutes({ db, relay }: QuestionsDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/refund-requests',
      operationId: 'listRefundRequests',
      summary: 'Refund requests of one status, the longest waiting first',
      tag: 'questions',
      access: roles(...STAFF_ROLES),
      query: RefundQueueQuery,
      ok: { 200: response(z.array(RefundQueueItem)) },
    },
    async (c, { query }) => c.json(await refundQueue(db, query.status)),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/refund-requests/:id/decision',
      operationId: 'decideRefundRequest',
      summary: 'Grant or refuse a refund request, with a note the member reads',
      description:
        "Once per request. A grant returns the question's credit to the member and reverses the expert's fee for it; both are emailed either way.",
      tag: 'questions',
      access: roles(...STAFF_ROLES),
      ...byQuestionId,
      body: RefundDecisionBody,
      ok: { 200: response(FeedbackRecorded) },
      errors: [404, 409],
    },
    async (c, { params: { id: questionId }, body }) => {
      const status = await decideRefund(db, {
        ...body,
        questionId,
        staffId: currentSession(c).userId,
        now: new Date(),
      });
      relay.kick();
      return c.json({
        questionId,
        message:
          status === 'granted'
            ? "Refund granted: the member's credit is returned and the expert's fee reversed."
            : 'Refund refused; the member is told why.',
      });
    },
  );

  return app;
}
