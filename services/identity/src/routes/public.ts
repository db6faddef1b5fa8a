import { Expert, MemberCount, WaitlistStatus } from '@uapqa/contracts';
import { defineRoute, PUBLIC, response } from '@uapqa/service-kit';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { waitlistEnabled } from '../users.js';

export function publicRoutes({ db, expertsBody }: IdentityDeps): Hono {
  const app = new Hono();

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/member-count',
      operationId: 'getMemberCount',
      summary: 'How many members there are',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: response(MemberCount) },
    },
    async (c) => {
      const [row] = await db
        .select({ count: count() })
        .from(users)
        // An account counts once its owner confirmed the address.
        .where(
          and(eq(users.role, 'user'), isNotNull(users.emailVerifiedAt), isNull(users.closedAt)),
        );
      return c.json({ count: row?.count ?? 0 });
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/creators',
      operationId: 'listCreators',
      summary: "Approved, listed experts (the gateway adds each one's question window)",
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: response(z.array(Expert)) },
    },
    async (c) => c.body(await expertsBody.get(), 200, { 'Content-Type': 'application/json' }),
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/waitlist/status',
      operationId: 'getWaitlistStatus',
      summary: 'Whether sign-ups go to the waitlist',
      tag: 'identity',
      access: PUBLIC,
      ok: { 200: response(WaitlistStatus) },
    },
    async (c) => c.json({ waitlistEnabled: await waitlistEnabled(db) }),
  );

  return app;
}
