import { notFound } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expertProfiles, users } from './db/schema.js';
import { PUBLIC_EXPERT_COLUMNS } from './expert-columns.js';

export const NO_SUCH_EXPERT =
  'No expert has that handle: it is misspelt, or they no longer answer here.';

/**
 * The profile of an expert's public page, by username in any case: only an approved expert who
 * still holds the expert role and whose account is open; anyone else is not found (404). A
 * delisted expert is found, with `listed: false`.
 */
export async function findExpertProfile(db: Executor, handle: string) {
  const [found] = await db
    .select({ ...PUBLIC_EXPERT_COLUMNS, listed: expertProfiles.listed })
    .from(users)
    .innerJoin(expertProfiles, eq(expertProfiles.userId, users.id))
    .where(
      and(
        // Usernames are unique in lower case (users_username_lower_idx): one row at most.
        sql`lower(${users.username}) = lower(${handle})`,
        eq(expertProfiles.status, 'approved'),
        // A former expert (their role taken away) or a closed account has no page.
        eq(users.role, 'expert'),
        isNull(users.closedAt),
      ),
    );
  if (!found) throw notFound(NO_SUCH_EXPERT);
  const { firstName, lastName, ...profile } = found;
  return { ...profile, user: { firstName, lastName } };
}
