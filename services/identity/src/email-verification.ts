import {
  createEvent,
  EMAIL_VERIFICATION_TTL_HOURS,
  EmailVerificationRequested,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { emailVerifications } from './db/schema.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';

export const hashVerificationToken = hashLinkToken;

/**
 * A new confirmation link for an account whose address nobody confirmed yet: 32 random bytes,
 * stored as a hash, announced (with the token itself) for notifications to mail to the address,
 * in the caller's transaction.
 */
export async function requestVerification(
  tx: Executor,
  user: { id: number; email: string; firstName: string | null },
  now = new Date(),
): Promise<void> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000);
  await tx.insert(emailVerifications).values({ tokenHash, userId: user.id, expiresAt });
  await enqueue(
    tx,
    IDENTITY_STREAM,
    createEvent(EmailVerificationRequested, {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      token,
      expiresAt: expiresAt.toISOString(),
    }),
  );
}
