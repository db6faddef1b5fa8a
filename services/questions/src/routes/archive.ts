import { ArchiveQuery, Question, QuestionWindow } from '@uapqa/contracts';
import { answer, apiDoc, HEADERS, PUBLIC, readQuery } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { QuestionsDeps } from '../deps.js';
import { windowAt } from '../windows.js';

export function archiveRoutes({ config, archivePages, lists }: QuestionsDeps): Hono {
  const app = new Hono();

  /** The public archive; visitors get answer previews, signed-in users the full answers. */
  app.get(
    '/api/questions',
    apiDoc({
      operationId: 'listArchive',
      summary: 'The public archive of answered questions',
      description: 'Full answers for signed-in members, excerpts otherwise.',
      tag: 'questions',
      access: PUBLIC,
      query: ArchiveQuery,
      ok: {
        200: {
          ...answer(z.array(Question)),
          headers: { ...HEADERS.totalCount, ...HEADERS.estimatedCount, ...HEADERS.nextCursor },
        },
      },
    }),
    async (c) => {
      const query = readQuery(c, ArchiveQuery);
      const page = await archivePages.get(query);
      const { total, exact, nextCursor } = page;
      c.header('X-Total-Count', String(total));
      // Past COUNT_LIMIT matches the count is the planner's estimate; this says which one it is.
      c.header('X-Total-Count-Exact', String(exact));
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header(
        'Access-Control-Expose-Headers',
        'X-Total-Count, X-Total-Count-Exact, X-Next-Cursor',
      );
      const signedIn = c.get('session') !== null;
      return c.body(page.body(signedIn ? 'member' : 'visitor'), 200, {
        'Content-Type': 'application/json',
      });
    },
  );

  /** Every expert's current question window (the gateway adds them to `/api/creators`). */
  app.get(
    '/api/questions/windows',
    apiDoc({
      operationId: 'listQuestionWindows',
      summary: "Every expert's current question window",
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: answer(z.array(QuestionWindow)) },
    }),
    async (c) =>
      c.body(await lists.windows.get(windowAt(config)), 200, {
        'Content-Type': 'application/json',
      }),
  );

  return app;
}
