import type { Creator } from '@uapqa/contracts';
import { type Remembered, remembered } from '@uapqa/service-kit';
import { type Executor, preparedOnce } from '@uapqa/service-kit/db';
import { and, asc, eq } from 'drizzle-orm';
import { creatorProfiles, users } from './db/schema.js';

function prepareApprovedCreators(db: Executor) {
  return db
    .select({
      id: creatorProfiles.id,
      userId: creatorProfiles.userId,
      handle: users.username,
      brandName: creatorProfiles.brandName,
      bio: creatorProfiles.bio,
      expertise: creatorProfiles.expertise,
      questionsPerWeek: creatorProfiles.questionsPerWeek,
      title: creatorProfiles.title,
      avatarColor: creatorProfiles.avatarColor,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.status, 'approved'), eq(creatorProfiles.listed, true)))
    .orderBy(asc(creatorProfiles.id))
    .prepare('approved_creators');
}

/** Approved, listed creators as the public API shows them (every browse page view asks). */
async function listApprovedCreators(db: Executor): Promise<Creator[]> {
  const rows = await preparedOnce(db, 'approved_creators', () =>
    prepareApprovedCreators(db),
  ).execute();
  return rows.map(({ firstName, lastName, ...creator }) => ({
    ...creator,
    user: { firstName, lastName },
  }));
}

/**
 * `GET /api/creators`' body, remembered for `ttlMs`: every browse page view asks for it, and it
 * changes only when a creator is approved, delisted or listed again, which calls `changed()`.
 */
export function approvedCreatorsBody(db: Executor, ttlMs: number): Remembered<void, string> {
  return remembered(
    async () => JSON.stringify(await listApprovedCreators(db)),
    () => 'approved',
    { ttlMs, max: 1 },
  );
}
