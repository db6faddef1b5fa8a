import {
  type EmailPreferences,
  type EmailPreferencesBody,
  SWITCHABLE_EMAIL_KINDS,
  type SwitchableEmailKind,
} from '@uapqa/contracts';
import type { Executor } from '@uapqa/service-kit/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { emailPreferences, newsletterSubscribers, users } from '../db/schema.js';
import type { UnsubscribeSubject } from './tokens.js';

/** The kinds kept as preferences; the newsletter is the list itself (an address is on it or not). */
type StoredKind = Exclude<SwitchableEmailKind, 'newsletter'>;
const STORED_KINDS = SWITCHABLE_EMAIL_KINDS.filter(
  (kind): kind is StoredKind => kind !== 'newsletter',
);

/** For each user, the kinds they switched off. */
export async function kindsSwitchedOff(
  tx: Executor,
  userIds: number[],
): Promise<Map<number, Set<string>>> {
  const off = new Map<number, Set<string>>();
  if (userIds.length === 0) return off;
  const rows = await tx
    .select({ userId: emailPreferences.userId, kind: emailPreferences.kind })
    .from(emailPreferences)
    .where(and(inArray(emailPreferences.userId, userIds), eq(emailPreferences.enabled, false)));
  for (const { userId, kind } of rows) {
    if (!off.has(userId)) off.set(userId, new Set());
    off.get(userId)!.add(kind);
  }
  return off;
}

/** The address of a user of the read copy, if known. */
async function addressOf(tx: Executor, userId: number): Promise<string | null> {
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.userId, userId));
  return user?.email ?? null;
}

/** Whether an address receives the newsletter. */
async function onNewsletter(tx: Executor, email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await tx
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return row?.status === 'subscribed';
}

export async function readPreferences(
  tx: Executor,
  userId: number,
): Promise<EmailPreferences['preferences']> {
  const off = (await kindsSwitchedOff(tx, [userId])).get(userId) ?? new Set();
  return {
    question_status: !off.has('question_status'),
    answers: !off.has('answers'),
    marketing: !off.has('marketing'),
    newsletter: await onNewsletter(tx, await addressOf(tx, userId)),
  };
}

/**
 * Subscribes or unsubscribes an address. A member's account address was confirmed when they
 * signed up, so switching the newsletter on from the account subscribes it at once.
 */
export async function setNewsletter(tx: Executor, email: string, on: boolean): Promise<void> {
  const address = email.toLowerCase();
  const now = new Date();
  const values = on
    ? {
        status: 'subscribed' as const,
        confirmedAt: now,
        unsubscribedAt: null,
        confirmTokenHash: null,
      }
    : { status: 'unsubscribed' as const, unsubscribedAt: now, confirmTokenHash: null };
  await tx
    .insert(newsletterSubscribers)
    .values({ email: address, source: 'account', ...values })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: values });
}

/** A member can switch the newsletter only once their address is known here. */
export class AddressNotKnownYet extends Error {}

export async function writePreferences(
  tx: Executor,
  userId: number,
  body: EmailPreferencesBody,
): Promise<void> {
  for (const kind of STORED_KINDS) {
    const enabled = body[kind];
    if (enabled === undefined) continue;
    await tx
      .insert(emailPreferences)
      .values({ userId, kind, enabled })
      .onConflictDoUpdate({
        target: [emailPreferences.userId, emailPreferences.kind],
        set: { enabled, updatedAt: sql`now()` },
      });
  }
  if (body.newsletter !== undefined) {
    const email = await addressOf(tx, userId);
    if (!email) throw new AddressNotKnownYet();
    await setNewsletter(tx, email, body.newsletter);
  }
}

/** Whether the kind a link names is still sent to its recipient. */
export async function stillSubscribed(tx: Executor, subject: UnsubscribeSubject): Promise<boolean> {
  if ('email' in subject) return onNewsletter(tx, subject.email);
  const preferences = await readPreferences(tx, subject.userId);
  return preferences[subject.kind];
}

/** Switches off what an unsubscribe link names. Doing it twice changes nothing more. */
export async function unsubscribe(tx: Executor, subject: UnsubscribeSubject): Promise<void> {
  if ('email' in subject) {
    const address = subject.email.toLowerCase();
    const now = new Date();
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
      .where(eq(newsletterSubscribers.email, address));
    return;
  }
  await writePreferences(tx, subject.userId, { [subject.kind]: false }).catch((error) => {
    // A member's newsletter link whose address is not known here: nothing is sent to it anyway.
    if (!(error instanceof AddressNotKnownYet)) throw error;
  });
}

/** The address a link's emails go to, partly hidden: the link may have been forwarded. */
export async function maskedAddress(
  tx: Executor,
  subject: UnsubscribeSubject,
): Promise<string | null> {
  const email = 'email' in subject ? subject.email : await addressOf(tx, subject.userId);
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? local.slice(0, 1) : `${local.slice(0, 2)}`;
  return `${shown}${'•'.repeat(Math.max(1, Math.min(6, local.length - shown.length)))}@${domain}`;
}
