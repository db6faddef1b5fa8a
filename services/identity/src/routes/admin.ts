import {
  BooleanSettingBody,
  ExpertProfilesQuery,
  SettingChange,
  StoredExpertProfile,
} from '@uapqa/contracts';
import { currentSession, defineRoute, response } from '@uapqa/service-kit';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { IdentityDeps } from '../deps.js';
import {
  approveExpertProfile,
  listExpertProfiles,
  rejectExpertProfile,
  setExpertListed,
} from '../expert-profiles.js';
import { changeSetting } from '../settings.js';
import { WAITLIST_SETTING } from '../users.js';
import { adminDecision, asAdmin } from './admin-route.js';

/** Only `waitlist_enabled` exists; any other key is unknown (404), whatever the body says. */
const SettingParam = z.object({ key: z.string().refine((key) => key === WAITLIST_SETTING) });

/** Admin-only routes of identity (documented in services/identity/README.md). */
export function adminRoutes(deps: IdentityDeps): Hono {
  const { db } = deps;
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/settings/:key',
      ...asAdmin,
      operationId: 'changeSetting',
      summary: 'Change a setting (only `waitlist_enabled` exists)',
      params: SettingParam,
      paramsNotFound: ({ key }) => `Unknown setting '${key}'.`,
      body: BooleanSettingBody,
      ok: { 200: response(SettingChange) },
      errors: [404],
    },
    async (c, { params: { key }, body: { value } }) => {
      const adminId = currentSession(c).userId;
      const stored = await changeSetting(deps, { key, value, adminId });
      return c.json({ key, value: stored, waitlistEnabled: value });
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/creator-profiles',
      ...asAdmin,
      operationId: 'listCreatorProfiles',
      summary: 'Expert profile applications by status',
      query: ExpertProfilesQuery,
      ok: { 200: response(z.array(StoredExpertProfile)) },
    },
    async (c, { query }) => c.json(await listExpertProfiles(db, query)),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/creator-profiles/:id/approve',
      ...adminDecision,
      operationId: 'approveCreatorProfile',
      summary: 'Approve an expert profile (the user becomes an expert)',
      ok: { 200: response(StoredExpertProfile) },
    },
    async (c, { params: { id } }) =>
      c.json(await approveExpertProfile(deps, id, currentSession(c).userId)),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/creator-profiles/:id/reject',
      ...adminDecision,
      operationId: 'rejectCreatorProfile',
      summary: 'Reject an expert profile',
      ok: { 200: response(StoredExpertProfile.omit({ user: true })) },
    },
    async (c, { params: { id } }) =>
      c.json(await rejectExpertProfile(deps, id, currentSession(c).userId)),
  );

  const setListed = (listed: boolean) => async (c: Context, id: number) => {
    const adminId = currentSession(c).userId;
    return c.json(await setExpertListed(deps, { id, listed, adminId }));
  };

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/creator-profiles/:id/delist',
      ...adminDecision,
      operationId: 'delistCreator',
      summary:
        'Take an approved expert off the lists members and staff choose from (their answers stay); their approved, unanswered questions are refunded',
      ok: { 200: response(StoredExpertProfile) },
    },
    (c, { params }) => setListed(false)(c, params.id),
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/creator-profiles/:id/relist',
      ...adminDecision,
      operationId: 'relistCreator',
      summary: 'List a delisted expert again (they must hold the expert role)',
      ok: { 200: response(StoredExpertProfile) },
    },
    (c, { params }) => setListed(true)(c, params.id),
  );

  return app;
}
