import { QuestionsExport } from '@uapqa/contracts';
import { answer, apiDoc, currentSession, requireSession, SESSION } from '@uapqa/service-kit';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';

/** Everything questions holds of the caller, for their data export. */
export function exportRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  app.get(
    '/api/my-questions/export',
    apiDoc({
      operationId: 'getQuestionsExport',
      summary: "Everything questions holds of the caller (the export's questions part)",
      description:
        'Every question the caller asked, whatever its status, with the answer received; and, for an expert, every answer they gave. The gateway puts it in `GET /api/account/export`.',
      tag: 'questions',
      access: SESSION,
      ok: { 200: answer(QuestionsExport) },
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const [asked, given] = await Promise.all([
        db
          .select()
          .from(questions)
          .where(eq(questions.askerId, userId))
          .orderBy(asc(questions.createdAt), asc(questions.id)),
        db
          .select()
          .from(questions)
          .where(and(eq(questions.assignedExpertId, userId), isNotNull(questions.answeredAt)))
          .orderBy(asc(questions.answeredAt), asc(questions.id)),
      ]);
      const body: QuestionsExport = {
        asked: asked.map((row) => ({
          id: row.id,
          title: row.title,
          content: row.content,
          context: row.context,
          sources: row.sources,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          answer:
            row.answerContent && row.answeredAt
              ? { content: row.answerContent, answeredAt: row.answeredAt.toISOString() }
              : null,
        })),
        answered: given.map((row) => ({
          questionId: row.id,
          title: row.title,
          answer: row.answerContent ?? '',
          answeredAt: row.answeredAt!.toISOString(),
        })),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );
  return app;
}
