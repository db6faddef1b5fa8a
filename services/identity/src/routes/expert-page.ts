import { ExpertHandleParam, ExpertProfile } from '@uapqa/contracts';
import { defineRoute, PUBLIC, response } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../deps.js';
import { findExpertProfile, NO_SUCH_EXPERT } from '../expert-page.js';

/**
 * The profile of an expert's public page. The gateway adds questions' record of their answers
 * (`GET /api/experts/<handle>` there); this is identity's part.
 */
export function expertPageRoutes({ db }: IdentityDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/experts/:handle',
      operationId: 'getExpertProfile',
      summary: "An approved expert's public profile, by username in any case",
      description:
        'Only an approved expert who still holds the expert role: anyone else, and a handle no one has, is a 404. A delisted expert is found, with `listed: false`: their answers stay public, but they take no questions.',
      tag: 'identity',
      access: PUBLIC,
      params: ExpertHandleParam,
      paramsNotFound: NO_SUCH_EXPERT,
      ok: { 200: response(ExpertProfile) },
      errors: [404],
    },
    async (c, { params }) => c.json(await findExpertProfile(db, params.handle)),
  );

  return app;
}
