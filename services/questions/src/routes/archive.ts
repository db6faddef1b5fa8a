import { ArchiveQuery, MyQuestionsQuery } from '@uapqa/contracts';
import { currentSession, preparedOnce, readQuery, requireSession } from '@uapqa/service-kit';
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { questions } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { fromQuestions, toQuestions } from '../shape.js';
import { windowAt } from '../windows.js';

export function archiveRoutes({ db, config, archivePages, lists }: QuestionsDeps): Hono {
  const app = new Hono();

  /** The public archive; visitors get answer previews, signed-in users the full answers. */
  app.get('/api/questions', async (c) => {
    const query = readQuery(c, ArchiveQuery);
    const page = await archivePages.get(query);
    const { total, exact, nextCursor } = page;
    c.header('X-Total-Count', String(total));
    // Past COUNT_LIMIT matches the count is the planner's estimate; this says which one it is.
    c.header('X-Total-Count-Exact', String(exact));
    if (nextCursor) c.header('X-Next-Cursor', nextCursor);
    c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Exact, X-Next-Cursor');
    const signedIn = c.get('session') !== null;
    return c.body(page.body(signedIn ? 'member' : 'visitor'), 200, {
      'Content-Type': 'application/json',
    });
  });

  /** Every expert's current question window (the gateway adds them to `/api/creators`). */
  app.get('/api/questions/windows', async (c) =>
    c.body(await lists.windows.get(windowAt(config)), 200, { 'Content-Type': 'application/json' }),
  );

  /** The caller's own questions, any status, newest first. */
  app.get('/api/my-questions', requireSession, async (c) => {
    const { userId } = currentSession(c);
    const { limit } = readQuery(c, MyQuestionsQuery);
    const rows = await preparedOnce(db, 'my_questions', () =>
      fromQuestions(db)
        .where(eq(questions.askerId, sql.placeholder('askerId')))
        .orderBy(desc(questions.createdAt), desc(questions.id))
        .limit(sql.placeholder('limit'))
        .prepare('my_questions'),
    ).execute({ askerId: userId, limit });
    return c.json(toQuestions(rows, { fullAnswers: true, showNotes: true }));
  });

  return app;
}
