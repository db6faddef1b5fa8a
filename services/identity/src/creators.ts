import type { Creator } from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit';
import { asc, eq } from 'drizzle-orm';
import { creatorProfiles, users } from './db/schema.js';

/** Approved creators as the public API shows them. */
export async function listApprovedCreators(db: Executor): Promise<Creator[]> {
  const rows = await db
    .select({
      id: creatorProfiles.id,
      userId: creatorProfiles.userId,
      brandName: creatorProfiles.brandName,
      bio: creatorProfiles.bio,
      expertise: creatorProfiles.expertise,
      questionsPerWeek: creatorProfiles.questionsPerWeek,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.status, 'approved'))
    .orderBy(asc(creatorProfiles.id));
  return rows.map(({ firstName, lastName, ...creator }) => ({
    ...creator,
    user: { firstName, lastName },
  }));
}
