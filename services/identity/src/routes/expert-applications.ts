import {
  ExpertApplication,
  ExpertApplicationCreated,
  type ExpertApplicationDecision,
  ExpertApplicationDecisionBody,
  ExpertApplicationRecord,
  ExpertApplicationsQuery,
  FORM_BODY_MAX_BYTES,
} from '@uapqa/contracts';
import {
  clientIp,
  createRateLimiter,
  currentSession,
  defineRoute,
  PUBLIC,
  response,
} from '@uapqa/service-kit';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.js';
import {
  decideExpertApplication,
  listExpertApplications,
  submitExpertApplication,
} from '../expert-applications.js';
import { EXPERT_APPLICATION_LIMITS } from '../login-limits.js';
import { adminDecision, asAdmin } from './admin-route.js';

/**
 * The public expert application (`/apply`) and its review by admins. Sending one and deciding
 * one each publish an event in the same transaction; notifications mails the applicant and the
 * admins from those events.
 */
export function expertApplicationRoutes(deps: IdentityDeps): Hono {
  const { db, config, rateLimits } = deps;
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

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/expert-applications',
      operationId: 'sendExpertApplication',
      summary: 'Send an expert application (public form)',
      tag: 'identity',
      access: PUBLIC,
      body: ExpertApplication,
      middleware: [limitBody],
      ok: { 201: response(ExpertApplicationCreated) },
    },
    async (c, { body }) => {
      // What is stored and mailed to the admins counts; a refused form costs nothing.
      await perIp.consume(clientIp(c, config.TRUST_PROXY));
      const created = await submitExpertApplication(deps, body);
      return c.json(
        {
          id: created.id,
          message: 'Application received. Our team will review it and contact you by email.',
        },
        201,
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/expert-applications',
      ...asAdmin,
      operationId: 'listExpertApplications',
      summary: 'Expert applications sent with the public form, newest first (at most 200)',
      query: ExpertApplicationsQuery,
      ok: { 200: response(z.array(ExpertApplicationRecord)) },
    },
    async (c, { query }) => c.json(await listExpertApplications(db, query)),
  );

  const decide =
    (decision: ExpertApplicationDecision) =>
    async (c: Context, input: { params: { id: number }; body: ExpertApplicationDecisionBody }) => {
      const decidedBy = currentSession(c).userId;
      const { id } = input.params;
      return c.json(
        await decideExpertApplication(deps, { ...input.body, id, decision, decidedBy }),
      );
    };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/expert-applications/:id/approve',
      ...adminDecision,
      operationId: 'approveExpertApplication',
      summary:
        'Approve an expert application: records it and emails the applicant an invitation link to create an account (it works once, also while waitlist mode closes registration) and complete an expert profile',
      body: ExpertApplicationDecisionBody,
      ok: { 200: response(ExpertApplicationRecord) },
    },
    decide('approved'),
  );
  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/expert-applications/:id/decline',
      ...adminDecision,
      operationId: 'declineExpertApplication',
      summary: 'Decline an expert application (the applicant is emailed, with the note)',
      body: ExpertApplicationDecisionBody,
      ok: { 200: response(ExpertApplicationRecord) },
    },
    decide('declined'),
  );

  return app;
}
