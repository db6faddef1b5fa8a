import {
  CREATOR_APPLICATION_CONTACT_HOURS,
  CreatorProfileApplication,
  CreatorProfileCreated,
  StoredCreatorProfile,
} from '@uapqa/contracts';
import { answer, currentSession, defineRoute, SESSION } from '@uapqa/service-kit';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { applyForCreatorProfile } from '../creator-profiles.js';
import { creatorProfiles } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';

export function creatorProfileRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/creator-profile',
      operationId: 'applyForCreatorProfile',
      summary: 'Apply to become an expert',
      tag: 'identity',
      access: SESSION,
      body: CreatorProfileApplication,
      ok: {
        201: answer(CreatorProfileCreated),
      },
      errors: [409],
    },
    async (c, { body }) => {
      const created = await applyForCreatorProfile(db, currentSession(c).userId, body);
      return c.json(
        {
          ...created,
          message: `Application submitted. We will contact you within ${CREATOR_APPLICATION_CONTACT_HOURS} hours.`,
        },
        201,
      );
    },
  );

  /** The signed-in user's latest application, so the onboarding screen can show its state. */
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/creator-profile',
      operationId: 'getOwnCreatorProfile',
      summary: "The caller's latest expert profile application (null when none)",
      tag: 'identity',
      access: SESSION,
      ok: { 200: answer(StoredCreatorProfile.nullable()) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const [latest] = await db
        .select()
        .from(creatorProfiles)
        .where(eq(creatorProfiles.userId, userId))
        .orderBy(desc(creatorProfiles.id))
        .limit(1);
      return c.json(latest ?? null);
    },
  );

  return app;
}
