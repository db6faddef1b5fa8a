import { QuestionsExport } from '@uapqa/contracts';
import { currentSession, defineRoute, response, SESSION } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { QuestionsDeps } from '../deps.js';
import { readQuestionsExport } from '../export/questions-export.js';

/** Everything questions holds of the caller, for their data export. */
export function exportRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/my-questions/export',
      operationId: 'getQuestionsExport',
      summary: "Everything questions holds of the caller (the export's questions part)",
      description:
        'Every question the caller asked, whatever its status, with the answer received; and, for an expert, every answer they gave. The gateway puts it in `GET /api/account/export`.',
      tag: 'questions',
      access: SESSION,
      ok: { 200: response(QuestionsExport) },
    },
    async (c) => {
      const body = await readQuestionsExport(db, currentSession(c).userId);
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );
  return app;
}
