import {
  AnswerEditBody,
  AnswerHistory,
  FeedbackRecorded,
  FollowUpAnswerBody,
  STAFF_ROLES,
} from '@uapqa/contracts';
import { currentSession, defineRoute, notFound, response, roles } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { QuestionsDeps } from '../deps.js';
import { answerHistory, editAnswer } from '../feedback/answer-edits.js';
import { answerFollowUp } from '../feedback/follow-up.js';
import { byQuestionId } from './question-id.js';

/** The expert's edits and follow-up replies, and the answer's history for staff. */
export function answerEditRoutes({ db, archivePages, relay }: QuestionsDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'patch',
      path: '/api/answers/:id',
      operationId: 'editAnswer',
      summary: 'Edit a published answer',
      description:
        'Its expert only, within 24 hours of publishing and before the asker rates it. The replaced text is kept for staff.',
      tag: 'questions',
      access: roles('expert'),
      ...byQuestionId,
      body: AnswerEditBody,
      ok: { 200: response(FeedbackRecorded) },
      errors: [403, 404, 409],
    },
    async (c, { params: { id: questionId }, body: { content } }) => {
      const { changed } = await editAnswer(db, {
        questionId,
        expertId: currentSession(c).userId,
        content,
        now: new Date(),
      });
      if (changed) archivePages.changed();
      return c.json({
        questionId,
        message: changed ? 'Your answer was updated.' : 'Nothing changed in your answer.',
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/answers/:id/follow-up-reply',
      operationId: 'replyToFollowUp',
      summary: "Reply to the asker's follow-up question",
      description: 'Its expert only, once, within 72 hours of the follow-up.',
      tag: 'questions',
      access: roles('expert'),
      ...byQuestionId,
      body: FollowUpAnswerBody,
      ok: { 201: response(FeedbackRecorded) },
      errors: [403, 404, 409],
    },
    async (c, { params: { id: questionId }, body: { content } }) => {
      await answerFollowUp(db, {
        questionId,
        expertId: currentSession(c).userId,
        content,
        now: new Date(),
      });
      relay.kick();
      return c.json({ questionId, message: 'Your reply was sent to the member.' }, 201);
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/:id/answer-history',
      operationId: 'readAnswerHistory',
      summary: "An answer's current text and every text it replaced",
      tag: 'questions',
      access: roles(...STAFF_ROLES),
      ...byQuestionId,
      ok: { 200: response(AnswerHistory) },
      errors: [404],
    },
    async (c, { params: { id } }) => {
      const history = await answerHistory(db, id);
      if (!history) throw notFound('This question has no answer.');
      return c.json(history);
    },
  );

  return app;
}
