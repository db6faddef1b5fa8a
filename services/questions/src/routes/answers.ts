import {
  AnswerBody,
  AnswerRecorded,
  createEvent,
  QUESTIONS_STREAM,
  Question,
  QuestionAnswered,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  conflict,
  currentSession,
  forbidden,
  notFound,
  readJson,
  requireRole,
  roles,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';

export function answerRoutes({ db, relay, archivePages, deadlines }: QuestionsDeps): Hono {
  const app = new Hono();

  /** The questions assigned to the signed-in expert: approved ones to answer, and answered. */
  app.get(
    '/api/creator/questions',
    apiDoc({
      operationId: 'listExpertQuestions',
      summary: 'Questions assigned to the expert',
      tag: 'questions',
      access: roles('expert'),
      ok: { 200: answer(z.array(Question)) },
    }),
    requireRole('expert'),
    async (c) => {
      const { userId } = currentSession(c);
      const rows = await fromQuestions(db)
        .where(eq(questions.assignedExpertId, userId))
        .orderBy(desc(questions.decidedAt), desc(questions.id))
        .limit(500);
      // Assigned to the caller: the rule gives the writing expert their answers whole.
      return c.json(
        toQuestions(rows, {
          reader: { userId, everyAnswer: false },
          showNotes: true,
          answeringExpert: true,
        }),
      );
    },
  );

  app.post(
    '/api/answers',
    apiDoc({
      operationId: 'answerQuestion',
      summary: 'Answer an approved question',
      tag: 'questions',
      access: roles('expert'),
      body: AnswerBody,
      ok: {
        201: answer(AnswerRecorded),
      },
      errors: [404, 409],
    }),
    requireRole('expert'),
    async (c) => {
      const { userId } = currentSession(c);
      const body = await readJson(c, AnswerBody);
      const [question] = await db
        .select()
        .from(questions)
        .where(eq(questions.id, body.questionId))
        .catch(() => []);
      if (!question) throw notFound('No such question.');
      if (question.assignedExpertId !== userId)
        throw forbidden('This question is assigned to another expert.');
      if (question.askerId === userId) throw forbidden('You cannot answer a question you asked.');
      if (question.status === 'answered')
        throw conflict('This question has already been answered.');
      if (question.status !== 'approved')
        throw conflict(`This question is ${question.status}, not awaiting an answer.`);
      if (question.withdrawnAt) {
        throw conflict(
          "This question was withdrawn because you are no longer listed as an expert; the member's credit is refunded.",
        );
      }
      const answeredAt = new Date();
      // The deadline is the rule, whether or not the overdue sweep has marked the question yet.
      if (question.overdueAt || (question.dueAt && answeredAt > question.dueAt)) {
        throw conflict(
          "The 72-hour answer deadline for this question has passed; the member's credit is refunded.",
        );
      }
      const answered = await db.transaction(async (tx) => {
        // Conditional on still being unanswered: of two answers sent at once, one wins.
        const [row] = await tx
          .update(questions)
          .set({ status: 'answered', answerContent: body.content, answeredAt })
          .where(
            and(
              eq(questions.id, question.id),
              eq(questions.status, 'approved'),
              isNull(questions.answerContent),
              isNull(questions.overdueAt),
              isNull(questions.withdrawnAt),
              gte(questions.dueAt, answeredAt),
            ),
          )
          .returning({ id: questions.id });
        if (!row) return false;
        await enqueue(
          tx,
          QUESTIONS_STREAM,
          createEvent(QuestionAnswered, {
            questionId: question.id,
            askerId: question.askerId,
            expertId: userId,
            title: question.title,
            answeredAt: answeredAt.toISOString(),
          }),
        );
        return true;
      });
      if (!answered) throw conflict('This question has already been answered.');
      archivePages.changed();
      deadlines.changed();
      relay.kick();
      return c.json(
        { questionId: question.id, status: 'answered', answeredAt: answeredAt.toISOString() },
        201,
      );
    },
  );

  return app;
}
