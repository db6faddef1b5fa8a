import { ExpertApplication } from '@uapqa/contracts';
import { readJson } from '@uapqa/service-kit';
import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { expertApplications, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { waitlistEnabled } from '../users.js';

export function publicRoutes({ db, creatorsBody }: IdentityDeps): Hono {
  const app = new Hono();

  app.get('/api/member-count', async (c) => {
    const [row] = await db.select({ count: count() }).from(users).where(eq(users.role, 'user'));
    return c.json({ count: row?.count ?? 0 });
  });

  app.get('/api/creators', async (c) =>
    c.body(await creatorsBody.get(), 200, { 'Content-Type': 'application/json' }),
  );

  app.get('/api/waitlist/status', async (c) =>
    c.json({ waitlistEnabled: await waitlistEnabled(db) }),
  );

  app.post('/api/expert-applications', async (c) => {
    const body = await readJson(c, ExpertApplication);
    const [created] = await db
      .insert(expertApplications)
      .values(body)
      .returning({ id: expertApplications.id, createdAt: expertApplications.createdAt });
    return c.json(
      {
        id: created!.id,
        message: 'Application received. Our team will review it and contact you by email.',
      },
      201,
    );
  });

  return app;
}
