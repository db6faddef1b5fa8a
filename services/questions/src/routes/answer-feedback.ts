import { FeedbackRecorded, FollowUpBody, RatingBody, RefundRequestBody } from '@uapqa/contracts';
import { currentSession, defineRoute, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { QuestionsDeps } from '../deps.js';
import { askFollowUp } from '../feedback/follow-up.js';
import { rateAnswer } from '../feedback/rating.js';
import { requestRefund } from '../feedback/refunds.js';
import { byQuestionId } from './question-id.js';

const asAsker = 'Only the member who asked the question; 404 for a question the caller cannot see.';

/** What the asker may do once their question is answered: rate it, follow up, ask for a refund. */
export function answerFeedbackRoutes({ db, archivePages, relay }: QuestionsDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/questions/:id/rating',
      operationId: 'rateAnswer',
      summary: "Rate the answer to one's question, once (1 to 5 stars, an optional comment)",
      description: `${asAsker} Rating closes the expert's edit window.`,
      tag: 'questions',
      access: SESSION,
      ...byQuestionId,
      body: RatingBody,
      ok: { 201: response(FeedbackRecorded) },
      errors: [403, 404, 409],
    },
    async (c, { params: { id: questionId }, body }) => {
      await rateAnswer(db, {
        ...body,
        questionId,
        askerId: currentSession(c).userId,
        now: new Date(),
      });
      // Archive pages sort by rating: the next reader sees it.
      archivePages.changed();
      return c.json({ questionId, message: 'Thank you for rating this answer.' }, 201);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/questions/:id/follow-up',
      operationId: 'askFollowUp',
      summary: 'Ask the expert one follow-up question about their answer',
      description: `${asAsker} One per question; the expert has 72 hours to reply and is emailed.`,
      tag: 'questions',
      access: SESSION,
      ...byQuestionId,
      body: FollowUpBody,
      ok: { 201: response(FeedbackRecorded) },
      errors: [403, 404, 409],
    },
    async (c, { params: { id: questionId }, body: { content } }) => {
      await askFollowUp(db, {
        questionId,
        askerId: currentSession(c).userId,
        content,
        now: new Date(),
      });
      relay.kick();
      return c.json(
        { questionId, message: 'Your follow-up was sent. The expert has 72 hours to reply.' },
        201,
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/questions/:id/refund-request',
      operationId: 'requestRefund',
      summary: "Ask for the question's credit back, with a reason",
      description: `${asAsker} Within 7 days of the answer (or of a follow-up's missed deadline), once per question; staff decide it.`,
      tag: 'questions',
      access: SESSION,
      ...byQuestionId,
      body: RefundRequestBody,
      ok: { 201: response(FeedbackRecorded) },
      errors: [403, 404, 409],
    },
    async (c, { params: { id: questionId }, body: { reason } }) => {
      await requestRefund(db, {
        questionId,
        askerId: currentSession(c).userId,
        reason,
        now: new Date(),
      });
      return c.json(
        { questionId, message: 'Your refund request was sent. We will email you our decision.' },
        201,
      );
    },
  );

  return app;
}
