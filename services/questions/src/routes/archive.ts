import { ArchiveQuery, Question, QuestionWindow } from '@uapqa/contracts';
import { defineRoute, HEADERS, PUBLIC, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { QuestionsDeps } from '../deps.js';
import { answerReader } from '../readers.js';
import { windowAt } from '../windows.js';

export function archiveRoutes({ db, config, archivePages, lists }: QuestionsDeps): Hono {
  const app = new Hono();

  /** The public archive: whole answers for those the subscription rule allows, previews otherwise. */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions',
      operationId: 'listArchive',
      summary: 'The public archive of answered questions',
      description:
        "Whole answers for members with an active subscription and for staff, and for the expert who wrote an answer or the member who asked it; everyone else (visitors, members without a subscription or whose subscription lapsed) gets each answer's first 100 characters and `...`, with `answer.truncated: true`. `search` matches the whole answer only for readers who may read every answer whole; for everyone else it matches the title, the details and the answer's first 100 characters (and the whole of the answers they wrote or asked for). A search's results carry `highlights`: the matched words of the title, the details and the answer, as segments of exactly the text the reader is sent (a preview's marks never fall past the preview). `sort` orders the results: `newest` answer first (the default), `oldest` first, or `rated` (the asker's stars highest first, unrated answers last, newest first among equals); while searching, questions whose title matches come first, each group in that order. `X-Next-Cursor` pages through one order: a cursor given for another `sort` is a 400.",
      tag: 'questions',
      access: PUBLIC,
      query: ArchiveQuery,
      ok: {
        200: {
          ...response(z.array(Question)),
          headers: { ...HEADERS.totalCount, ...HEADERS.estimatedCount, ...HEADERS.nextCursor },
        },
      },
    },
    async (c, { query }) => {
      const reader = await answerReader(db, c.get('session'));
      const page = await archivePages.get({
        ...query,
        searchWhole: reader.everyAnswer,
        ownerId: reader.userId,
      });
      const { total, exact, nextCursor } = page;
      c.header('X-Total-Count', String(total));
      // Past COUNT_LIMIT matches the count is the planner's estimate; this says which one it is.
      c.header('X-Total-Count-Exact', String(exact));
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header(
        'Access-Control-Expose-Headers',
        'X-Total-Count, X-Total-Count-Exact, X-Next-Cursor',
      );
      return c.body(page.body(reader), 200, {
        'Content-Type': 'application/json',
      });
    },
  );

  /** Every expert's current question window (the gateway adds them to `/api/creators`). */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/windows',
      operationId: 'listQuestionWindows',
      summary: "Every expert's current question window",
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(z.array(QuestionWindow)) },
    },
    async (c) =>
      c.body(await lists.windows.get(windowAt(config)), 200, {
        'Content-Type': 'application/json',
      }),
  );

  return app;
}
