import { ExpertHandleParam, ExpertProfile } from '@uapqa/contracts';
import { answer, apiDoc, notFound, PUBLIC } from '@uapqa/service-kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { creatorProfiles, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';

const NO_SUCH_EXPERT = 'No expert has that handle: it is misspelt, or they no longer answer here.';

/**
 * The profile of an expert's public page. The gateway adds questions' record of their answers
 * (`GET /api/experts/<handle>` there); this is identity's part.
 */
export function expertPageRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();

  app.get(
    '/api/experts/:handle',
    apiDoc({
      operationId: 'getExpertProfile',
      summary: "An approved expert's public profile, by username in any case",
      description:
        'Only an approved expert who still holds the expert role: anyone else, and a handle no one has, is a 404. A delisted expert is found, with `listed: false`: their answers stay public, but they take no questions.',
      tag: 'identity',
      access: PUBLIC,
      params: ExpertHandleParam,
      ok: { 200: answer(ExpertProfile) },
      errors: [404],
    }),
    async (c) => {
      const parsed = ExpertHandleParam.safeParse(c.req.param());
      if (!parsed.success) throw notFound(NO_SUCH_EXPERT);
      const [found] = await db
        .select({
          id: creatorProfiles.id,
          userId: creatorProfiles.userId,
          handle: users.username,
          brandName: creatorProfiles.brandName,
          bio: creatorProfiles.bio,
          expertise: creatorProfiles.expertise,
          questionsPerWeek: creatorProfiles.questionsPerWeek,
          title: creatorProfiles.title,
          avatarColor: creatorProfiles.avatarColor,
          listed: creatorProfiles.listed,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .innerJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
        .where(
          and(
            // Usernames are unique in lower case (users_username_lower_idx): one row at most.
            sql`lower(${users.username}) = lower(${parsed.data.handle})`,
            eq(creatorProfiles.status, 'approved'),
            // A former expert (their role taken away) or a closed account has no page.
            eq(users.role, 'expert'),
            isNull(users.closedAt),
          ),
        );
      if (!found) throw notFound(NO_SUCH_EXPERT);
      const { firstName, lastName, ...profile } = found;
      return c.json({ ...profile, user: { firstName, lastName } });
    },
  );

  return app;
}
