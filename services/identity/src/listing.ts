import { CreatorListingChanged, createEvent, IDENTITY_STREAM } from '@uapqa/contracts';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { expertProfiles } from './db/schema.js';

export type ListingReason = 'demoted' | 'delisted' | 'relisted' | 'deleted';

/**
 * Takes a user's approved profile off (or puts it back on) the lists members choose from, and
 * commits `CreatorListingChanged` with the change, in the caller's transaction. Conditional on
 * the flag really changing, so a repeated call announces nothing twice. Returns the profile
 * changed, or null when there was nothing to change.
 */
export async function changeListing(
  tx: Executor,
  userId: number,
  listed: boolean,
  reason: ListingReason,
): Promise<{ id: number; userId: number } | null> {
  const [profile] = await tx
    .update(expertProfiles)
    .set({ listed })
    .where(
      and(
        eq(expertProfiles.userId, userId),
        eq(expertProfiles.status, 'approved'),
        eq(expertProfiles.listed, !listed),
      ),
    )
    .returning({ id: expertProfiles.id, userId: expertProfiles.userId });
  if (!profile) return null;
  await enqueue(
    tx,
    IDENTITY_STREAM,
    createEvent(CreatorListingChanged, {
      creatorId: profile.id,
      userId: profile.userId,
      listed,
      reason,
    }),
  );
  return profile;
}
