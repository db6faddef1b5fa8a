import type { Expert } from '@uapqa/contracts';
import { type Remembered, remembered } from '@uapqa/service-kit';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, asc, eq } from 'drizzle-orm';
import { expertProfiles, users } from './db/schema.js';
import { PUBLIC_EXPERT_COLUMNS } from './expert-columns.js';

function prepareApprovedExperts(db: Executor) {
  return db
    .select(PUBLIC_EXPERT_COLUMNS)
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .where(and(eq(expertProfiles.status, 'approved'), eq(expertProfiles.listed, true)))
    .orderBy(asc(expertProfiles.id))
    .prepare('approved_creators');
}

/** Approved, listed experts as the public API shows them (every browse page view asks). */
async function listApprovedExperts(db: Executor): Promise<Expert[]> {
  const rows = await preparedOnce(db, 'approved_creators', () =>
    prepareApprovedExperts(db),
  ).execute();
  return rows.map(({ firstName, lastName, ...expert }) => ({
    ...expert,
    user: { firstName, lastName },
  }));
}

/**
 * `GET /api/creators`' body, remembered for `ttlMs`: every browse page view asks for it, and it
 * changes only when an expert is approved, delisted or listed again, which calls `changed()`.
 */
export function approvedExpertsBody(db: Executor, ttlMs: number): Remembered<void, string> {
  return remembered(
    async () => JSON.stringify(await listApprovedExperts(db)),
    () => 'approved',
    { ttlMs, max: 1 },
  );
}
