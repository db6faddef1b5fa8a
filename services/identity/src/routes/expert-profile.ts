import {
  EXPERT_APPLICATION_CONTACT_HOURS,
  ExpertProfileApplication,
  ExpertProfileCreated,
  StoredExpertProfile,
} from '@uapqa/contracts';
import { currentSession, defineRoute, response, SESSION } from '@uapqa/service-kit';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { expertProfiles } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { applyForExpertProfile } from '../expert-profiles.js';

export function expertProfileRoutes({ db }: IdentityDeps): Hono {
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
      body: ExpertProfileApplication,
      ok: {
        201: response(ExpertProfileCreated),
      },
      errors: [409],
    },
    async (c, { body }) => {
      const created = await applyForExpertProfile(db, currentSession(c).userId, body);
      return c.json(
        {
          ...created,
          message: `Application submitted. We will contact you within ${EXPERT_APPLICATION_CONTACT_HOURS} hours.`,
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
      ok: { 200: response(StoredExpertProfile.nullable()) },
    },
    async (c) => {
      const { userId } = currentSession(c);
      const [latest] = await db
        .select()
        .from(expertProfiles)
        .where(eq(expertProfiles.userId, userId))
        .orderBy(desc(expertProfiles.id))
        .limit(1);
      return c.json(latest ?? null);
    },
  );

  return app;
}
