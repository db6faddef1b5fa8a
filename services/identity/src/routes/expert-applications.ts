import {
  createEvent,
  ExpertApplication,
  ExpertApplicationCreated,
  ExpertApplicationDecided,
  type ExpertApplicationDecision,
  ExpertApplicationDecisionBody,
  ExpertApplicationRecord,
  ExpertApplicationSubmitted,
  ExpertApplicationsQuery,
  FORM_BODY_MAX_BYTES,
  IDENTITY_STREAM,
  IdParam,
} from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  clientIp,
  createRateLimiter,
  currentSession,
  PUBLIC,
  readJson,
  readParams,
  readQuery,
  requireRole,
} from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { recordStaffAction } from '../audit.js';
import { expertApplications } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { newInvitation } from '../invitations.js';
import { EXPERT_APPLICATION_LIMITS } from '../login-limits.js';
import { adminDecisionDoc, adminDoc } from './admin-doc.js';
import { missingOrDecided } from './missing-or-decided.js';

const LIST_LIMIT = 200;

/** What admins read of an application: everything but the invitation's secret and its state. */
const {
  inviteTokenHash: _hash,
  inviteExpiresAt: _expires,
  inviteUsedAt: _used,
  ...recordColumns
} = getTableColumns(expertApplications);

/**
 * The public expert application (`/apply`) and its review by admins. Sending one and deciding
 * one each publish an event in the same transaction; notifications mails the applicant and the
 * admins from those events. Approving records the decision and an invitation to register (the
 * link works once, also in waitlist mode): the applicant becomes an expert by creating an
 * account and having an expert profile approved.
 */
export function expertApplicationRoutes({ db, relay, config, rateLimits }: IdentityDeps): Hono {
  const app = new Hono();
  const perIp = createRateLimiter({
    ...EXPERT_APPLICATION_LIMITS.perIp,
    store: rateLimits,
    name: 'identity:expert-applications-per-ip',
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

  app.post(
    '/api/expert-applications',
    apiDoc({
      operationId: 'sendExpertApplication',
      summary: 'Send an expert application (public form)',
      tag: 'identity',
      access: PUBLIC,
      body: ExpertApplication,
      ok: { 201: answer(ExpertApplicationCreated) },
    }),
    limitBody,
    async (c) => {
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
    },
  );

  app.use('/api/admin/expert-applications', requireRole('admin'));
  app.use('/api/admin/expert-applications/*', requireRole('admin'));

  app.get(
    '/api/admin/expert-applications',
    adminDoc({
      operationId: 'listExpertApplications',
      summary: 'Expert applications sent with the public form, newest first (at most 200)',
      query: ExpertApplicationsQuery,
      ok: { 200: answer(z.array(ExpertApplicationRecord)) },
    }),
    async (c) => {
      const { status } = readQuery(c, ExpertApplicationsQuery);
      const rows = await db
        .select(recordColumns)
        .from(expertApplications)
        .where(status ? eq(expertApplications.status, status) : undefined)
        .orderBy(desc(expertApplications.createdAt), desc(expertApplications.id))
        .limit(LIST_LIMIT);
      return c.json(rows);
    },
  );

  const decide = (decision: ExpertApplicationDecision) => async (c: Context) => {
    const { id } = readParams(c, IdParam);
    const { note } = await readJson(c, ExpertApplicationDecisionBody);
    const { userId: decidedBy } = currentSession(c);
    // An approval invites the applicant to register, also while waitlist mode is on.
    const invitation = decision === 'approved' ? newInvitation() : null;
    const decided = await db.transaction(async (tx) => {
      // Only a pending application is decided: of two admins deciding at once, one wins.
      const [row] = await tx
        .update(expertApplications)
        .set({
          status: decision,
          decisionNote: note,
          decidedAt: new Date(),
          decidedBy,
          ...(invitation
            ? { inviteTokenHash: invitation.tokenHash, inviteExpiresAt: invitation.expiresAt }
            : {}),
        })
        .where(and(eq(expertApplications.id, id), eq(expertApplications.status, 'pending')))
        .returning(recordColumns);
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
          invitation: invitation
            ? { token: invitation.token, expiresAt: invitation.expiresAt.toISOString() }
            : null,
        }),
      );
      await recordStaffAction(tx, {
        actorId: decidedBy,
        action:
          decision === 'approved' ? 'expert_application_approved' : 'expert_application_declined',
        subjectUserId: null,
        subject: `expert application ${row.id} (${row.name} <${row.email}>)`,
        reason: note,
      });
      return row;
    });
    if (!decided)
      throw await missingOrDecided(
        db,
        expertApplications,
        id,
        'No expert application with that id.',
      );
    relay.kick();
    return c.json(decided);
  };

  app.post(
    '/api/admin/expert-applications/:id/approve',
    adminDecisionDoc({
      operationId: 'approveExpertApplication',
      summary:
        'Approve an expert application: records it and emails the applicant an invitation link to create an account (it works once, also while waitlist mode closes registration) and complete an expert profile',
      body: ExpertApplicationDecisionBody,
      ok: { 200: answer(ExpertApplicationRecord) },
    }),
    decide('approved'),
  );
  app.post(
    '/api/admin/expert-applications/:id/decline',
    adminDecisionDoc({
      operationId: 'declineExpertApplication',
      summary: 'Decline an expert application (the applicant is emailed, with the note)',
      body: ExpertApplicationDecisionBody,
      ok: { 200: answer(ExpertApplicationRecord) },
    }),
    decide('declined'),
  );

  return app;
}
