import {
  FeedbackRecorded,
  FollowUpBody,
  QuestionIdParam,
  RatingBody,
  RefundRequestBody,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  currentSession,
  notFound,
  readJson,
  requireSession,
  SESSION,
} from '@uapqa/service-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { QuestionsDeps } from '../deps.js';
import { askFollowUp } from '../feedback/follow-up.js';
import { rateAnswer } from '../feedback/rating.js';
import { requestRefund } from '../feedback/refunds.js';

/** A question's id from the path; one that cannot exist is not found, as on the question's page. */
export function questionIdOf(c: Context): string {
  const parsed = QuestionIdParam.safeParse(c.req.param());
  if (!parsed.success) throw notFound('No such question.');
  return parsed.data.id;
}

const asAsker = 'Only the member who asked the question; 404 for a question the caller cannot see.';

/** What the asker may do once their question is answered: rate it, follow up, ask for a refund. */
export function answerFeedbackRoutes({ db, archivePages, relay }: QuestionsDeps): Hono {
  const app = new Hono();

  app.post(
    '/api/questions/:id/rating',
    apiDoc({
      operationId: 'rateAnswer',
      summary: "Rate the answer to one's question, once (1 to 5 stars, an optional comment)",
      description: `${asAsker} Rating closes the expert's edit window.`,
      tag: 'questions',
      access: SESSION,
      params: QuestionIdParam,
      body: RatingBody,
      ok: { 201: answer(FeedbackRecorded) },
      errors: [403, 404, 409],
    }),
    requireSession,
    async (c) => {
      const questionId = questionIdOf(c);
      const body = await readJson(c, RatingBody);
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

  app.post(
    '/api/questions/:id/follow-up',
    apiDoc({
      operationId: 'askFollowUp',
      summary: 'Ask the expert one follow-up question about their answer',
      description: `${asAsker} One per question; the expert has 72 hours to reply and is emailed.`,
      tag: 'questions',
      access: SESSION,
      params: QuestionIdParam,
      body: FollowUpBody,
      ok: { 201: answer(FeedbackRecorded) },
      errors: [403, 404, 409],
    }),
    requireSession,
    async (c) => {
      const questionId = questionIdOf(c);
      const { content } = await readJson(c, FollowUpBody);
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

  app.post(
    '/api/questions/:id/refund-request',
    apiDoc({
      operationId: 'requestRefund',
      summary: "Ask for the question's credit back, with a reason",
      description: `${asAsker} Within 7 days of the answer (or of a follow-up's missed deadline), once per question; staff decide it.`,
      tag: 'questions',
      access: SESSION,
      params: QuestionIdParam,
      body: RefundRequestBody,
      ok: { 201: answer(FeedbackRecorded) },
      errors: [403, 404, 409],
    }),
    requireSession,
    async (c) => {
      const questionId = questionIdOf(c);
      const { reason } = await readJson(c, RefundRequestBody);
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
