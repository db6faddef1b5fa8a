import { randomBytes } from 'node:crypto';
import { EXPERT_INVITATION_TTL_DAYS, INVITATION_NOT_VALID } from '@uapqa/contracts';
import { forbidden, HttpError } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { expertApplications } from './db/schema.js';
import { hashVerificationToken } from './email-verification.js';

/**
 * A new invitation for an approved expert application: 32 random bytes for the link, of which
 * only the SHA-256 is stored (as for the confirmation links), valid EXPERT_INVITATION_TTL_DAYS.
 */
export function newInvitation(now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXPERT_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return { token, tokenHash: hashVerificationToken(token), expiresAt };
}

/**
 * Spends the invitation `token` for a sign-up with `email`, in the caller's transaction (the
 * one that creates the account), or refuses the sign-up with a 403 that says why. The update is
 * conditional on the invitation being unused, so of two sign-ups at once with one link, one
 * wins. Only the address the invitation was sent to may use it: a forwarded link is no key.
 */
export async function spendInvitation(
  tx: Executor,
  token: string,
  email: string,
  now = new Date(),
): Promise<void> {
  const [invitation] = await tx
    .select({
      id: expertApplications.id,
      email: expertApplications.email,
      expiresAt: expertApplications.inviteExpiresAt,
      usedAt: expertApplications.inviteUsedAt,
    })
    .from(expertApplications)
    .where(
      and(
        eq(expertApplications.inviteTokenHash, hashVerificationToken(token)),
        eq(expertApplications.status, 'approved'),
      ),
    );
  if (!invitation) throw forbidden(INVITATION_NOT_VALID);
  if (invitation.email.toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(
      403,
      'This invitation is for the email address it was sent to. Please register with that address.',
      { field: 'email' },
    );
  }
  if (invitation.usedAt) {
    throw forbidden('This invitation was already used to create an account. Please sign in.');
  }
  if (!invitation.expiresAt || invitation.expiresAt <= now) {
    throw forbidden(
      'This invitation has expired. Please ask us for a new one through the contact form.',
    );
  }
  const spent = await tx
    .update(expertApplications)
    .set({ inviteUsedAt: now })
    .where(and(eq(expertApplications.id, invitation.id), isNull(expertApplications.inviteUsedAt)))
    .returning({ id: expertApplications.id });
  if (spent.length === 0) {
    throw forbidden('This invitation was already used to create an account. Please sign in.');
  }
}

/**
 * The invitation a sign-up carries (the `invite` of its JSON body), read before the body is
 * checked as a whole; null without one. Read from a clone: the route reads the body again.
 */
export async function readInvite(c: Context): Promise<string | null> {
  try {
    const body: unknown = await c.req.raw.clone().json();
    const invite = (body as { invite?: unknown } | null)?.invite;
    return typeof invite === 'string' && invite.length > 0 ? invite : null;
  } catch {
    return null;
  }
}
