import { createHash, randomBytes } from 'node:crypto';

/** How a mailed link's token is stored: its SHA-256 only, so a copy of the database opens nothing. */
export const hashLinkToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** A new secret for a link mailed to an address (32 random bytes) and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** What a link's row says when its token is presented at `now`. */
export function linkState(
  link: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): 'invalid' | 'used' | 'expired' | 'live' {
  if (!link) return 'invalid';
  if (link.usedAt) return 'used';
  if (link.expiresAt <= now) return 'expired';
  return 'live';
}
