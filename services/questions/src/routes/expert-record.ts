import {
  EXPERT_TOPICS_SHOWN,
  ExpertRecord,
  ExpertUserIdParam,
  MIN_RATINGS_SHOWN,
} from '@uapqa/contracts';
import { defineRoute, PUBLIC, response } from '@uapqa/service-kit';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { questions, questionTags, tags } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { expertRating } from '../feedback/rating.js';

/**
 * What the archive holds of one expert, for their public page: the gateway adds it to
 * identity's profile (`GET /api/experts/<handle>`).
 */
export function expertRecordRoutes({ db }: QuestionsDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/questions/experts/:userId',
      operationId: 'getExpertRecord',
      summary: "An expert's answers in the archive: how many, their rating and their topics",
      description: `\`answeredCount\` counts the expert's questions in the archive (answered). \`rating\` is the average of the stars askers gave, to one decimal, and null until ${MIN_RATINGS_SHOWN} answers are rated; \`ratingCount\` says how many are. \`topics\` are the tags of their answered questions, most frequent first, at most ${EXPERT_TOPICS_SHOWN}. A user who answered nothing has zeros, not a 404: who is an expert is identity's to say.`,
      tag: 'questions',
      access: PUBLIC,
      params: ExpertUserIdParam,
      ok: { 200: response(ExpertRecord) },
    },
    async (c, { params: { userId } }) => {
      // The archive is exactly the answered questions (as `GET /api/questions?creatorId=`).
      const archivedOf = and(
        eq(questions.assignedExpertId, userId),
        eq(questions.status, 'answered'),
      );
      const [[answered], topics, { rating, ratingCount }] = await Promise.all([
        db.select({ n: count() }).from(questions).where(archivedOf),
        db
          .select({ id: tags.id, name: tags.name, count: count() })
          .from(questionTags)
          .innerJoin(questions, eq(questions.id, questionTags.questionId))
          .innerJoin(tags, eq(tags.id, questionTags.tagId))
          .where(archivedOf)
          .groupBy(tags.id, tags.name)
          .orderBy(desc(count()), asc(tags.name))
          .limit(EXPERT_TOPICS_SHOWN),
        expertRating(db, userId),
      ]);
      return c.json({ answeredCount: answered?.n ?? 0, rating, ratingCount, topics });
    },
  );

  return app;
}
