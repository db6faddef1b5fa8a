import {
  CREATOR_APPLICATION_CONTACT_HOURS,
  CreatorProfileApplication,
  CreatorProfileCreated,
  StoredCreatorProfile,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  conflict,
  currentSession,
  readJson,
  requireSession,
  SESSION,
  uniqueViolation,
} from '@uapqa/service-kit';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { creatorProfiles } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';

export function creatorProfileRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();

  app.post(
    '/api/creator-profile',
    apiDoc({
      operationId: 'applyForCreatorProfile',
      summary: 'Apply to become an expert',
      tag: 'identity',
      access: SESSION,
      body: CreatorProfileApplication,
      ok: {
        201: answer(CreatorProfileCreated),
      },
      errors: [409],
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const body = await readJson(c, CreatorProfileApplication);
      const [open] = await db
        .select({ status: creatorProfiles.status })
        .from(creatorProfiles)
        .where(
          and(
            eq(creatorProfiles.userId, userId),
            inArray(creatorProfiles.status, ['pending', 'approved']),
          ),
        );
      const refuse = (status: string) =>
        conflict(
          status === 'approved'
            ? 'You are already an approved expert.'
            : 'You already have a creator application under review.',
        );
      if (open) throw refuse(open.status);
      try {
        const [created] = await db
          .insert(creatorProfiles)
          .values({ ...body, userId, status: 'pending' })
          .returning({ id: creatorProfiles.id, status: creatorProfiles.status });
        return c.json(
          {
            ...created,
            message: `Application submitted. We will contact you within ${CREATOR_APPLICATION_CONTACT_HOURS} hours.`,
          },
          201,
        );
      } catch (error) {
        if (uniqueViolation(error)) throw refuse('pending');
        throw error;
      }
    },
  );

  /** The signed-in user's latest application, so the onboarding screen can show its state. */
  app.get(
    '/api/creator-profile',
    apiDoc({
      operationId: 'getOwnCreatorProfile',
      summary: "The caller's latest expert profile application (null when none)",
      tag: 'identity',
      access: SESSION,
      ok: { 200: answer(StoredCreatorProfile.nullable()) },
    }),
    requireSession,
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
