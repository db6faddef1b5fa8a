import {
  createEvent,
  ExpertApplication,
  ExpertApplicationDecided,
  type ExpertApplicationDecision,
  ExpertApplicationDecisionBody,
  ExpertApplicationSubmitted,
  ExpertApplicationsQuery,
  FORM_BODY_MAX_BYTES,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import {
  clientIp,
  conflict,
  createRateLimiter,
  currentSession,
  enqueue,
  notFound,
  readJson,
  readParams,
  readQuery,
  requireRole,
} from '@uapqa/service-kit';
import { and, desc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { expertApplications } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { EXPERT_APPLICATION_LIMITS } from '../login-limits.js';
import { IdParam } from './params.js';

const LIST_LIMIT = 200;

/**
 * The public expert application (`/apply`) and its review by admins. Sending one and deciding
 * one each publish an event in the same transaction; notifications mails the applicant and the
 * admins from those events. Approving records the decision only: the applicant becomes an
 * expert by creating an account and having an expert profile approved.
 */
export function expertApplicationRoutes({ db, relay, config }: IdentityDeps): Hono {
  const app = new Hono();
  const perIp = createRateLimiter({
    ...EXPERT_APPLICATION_LIMITS.perIp,
    message: 'Too many applications from your network. Please wait an hour and try again.',
  });
  // Every field has its own limit; this turns away a body no form could send before reading it.
  const limitBody = bodyLimit({
    maxSize: FORM_BODY_MAX_BYTES,
    onError: (c) =>
      c.json(
        {
          message: `Your application is too long: it may take at most ${FORM_BODY_MAX_BYTES / 1024} KB in all.`,
        },
        413,
      ),
  });

  app.post('/api/expert-applications', limitBody, async (c) => {
    const body = await readJson(c, ExpertApplication);
    // What is stored and mailed to the admins counts; a refused form costs nothing.
    await perIp.consume(clientIp(c, config.TRUST_PROXY));
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(expertApplications).values(body).returning();
      const application = row!;
      await enqueue(
        tx,
        IDENTITY_STREAM,
        createEvent(ExpertApplicationSubmitted, {
          applicationId: application.id,
          name: application.name,
          email: application.email,
          phone: application.phone,
          website: application.website,
          duration: application.duration,
          questionsPerWeek: application.questionsPerWeek,
          description: application.description,
          submittedAt: application.createdAt.toISOString(),
        }),
      );
      return application;
    });
    relay.kick();
    return c.json(
      {
        id: created.id,
        message: 'Application received. Our team will review it and contact you by email.',
      },
      201,
    );
  });

  app.use('/api/admin/expert-applications', requireRole('admin'));
  app.use('/api/admin/expert-applications/*', requireRole('admin'));

  app.get('/api/admin/expert-applications', async (c) => {
    const { status } = readQuery(c, ExpertApplicationsQuery);
    const rows = await db
      .select()
      .from(expertApplications)
      .where(status ? eq(expertApplications.status, status) : undefined)
      .orderBy(desc(expertApplications.createdAt), desc(expertApplications.id))
      .limit(LIST_LIMIT);
    return c.json(rows);
  });

  const decide = (decision: ExpertApplicationDecision) => async (c: Context) => {
    const { id } = readParams(c, IdParam);
    const { note } = await readJson(c, ExpertApplicationDecisionBody);
    const { userId: decidedBy } = currentSession(c);
    const decided = await db.transaction(async (tx) => {
      // Only a pending application is decided: of two admins deciding at once, one wins.
      const [row] = await tx
        .update(expertApplications)
        .set({ status: decision, decisionNote: note, decidedAt: new Date(), decidedBy })
        .where(and(eq(expertApplications.id, id), eq(expertApplications.status, 'pending')))
        .returning();
      if (!row) return null;
      await enqueue(
        tx,
        IDENTITY_STREAM,
        createEvent(ExpertApplicationDecided, {
          applicationId: row.id,
          name: row.name,
          email: row.email,
          decision,
          note,
          decidedBy,
          decidedAt: row.decidedAt!.toISOString(),
        }),
      );
      return row;
    });
    if (!decided) throw await missingOrDecided(id);
    relay.kick();
    return c.json(decided);
  };

  app.post('/api/admin/expert-applications/:id/approve', decide('approved'));
  app.post('/api/admin/expert-applications/:id/decline', decide('declined'));

  async function missingOrDecided(id: number) {
    const [existing] = await db
      .select({ status: expertApplications.status })
      .from(expertApplications)
      .where(eq(expertApplications.id, id));
    return existing
      ? conflict(`This application was already ${existing.status}.`)
      : notFound('No expert application with that id.');
  }

  return app;
}
