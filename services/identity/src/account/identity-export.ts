import type { IdentityExport } from '@uapqa/contracts';
import { unauthorized } from '@uapqa/service-kit';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { expertProfiles, sessions, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything identity holds of one member, for their data export: the account, every sign-in
 * session (without its secrets) and any expert profile. A closed account has none (401).
 */
export async function readIdentityExport(
  db: IdentityDeps['db'],
  userId: number,
): Promise<IdentityExport> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
  if (!user) throw unauthorized();
  const [signIns, profiles] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db
      .select()
      .from(expertProfiles)
      .where(eq(expertProfiles.userId, userId))
      .orderBy(asc(expertProfiles.createdAt)),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: iso(user.emailVerifiedAt),
    },
    sessions: signIns.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: iso(row.revokedAt),
      userAgent: row.userAgent,
    })),
    creatorProfiles: profiles.map((row) => ({
      brandName: row.brandName,
      bio: row.bio,
      credentials: row.credentials,
      expertise: row.expertise,
      website: row.website,
      socialLinks: row.socialLinks,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
