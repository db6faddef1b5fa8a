import { and, count, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { waitlistEnabled } from '../users.js';

export function publicRoutes({ db, creatorsBody }: IdentityDeps): Hono {
  const app = new Hono();

  app.get('/api/member-count', async (c) => {
    const [row] = await db
      .select({ count: count() })
      .from(users)
      // An account counts once its owner confirmed the address.
      .where(and(eq(users.role, 'user'), isNotNull(users.emailVerifiedAt)));
    return c.json({ count: row?.count ?? 0 });
  });

  app.get('/api/creators', async (c) =>
    c.body(await creatorsBody.get(), 200, { 'Content-Type': 'application/json' }),
  );

  app.get('/api/waitlist/status', async (c) =>
    c.json({ waitlistEnabled: await waitlistEnabled(db) }),
  );

  return app;
}
