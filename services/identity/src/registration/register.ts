import {
  createEvent,
  IDENTITY_STREAM,
  type RegisterBody,
  SignUpWithExistingEmail,
} from '@uapqa/contracts';
import { badRequest, uniqueViolation } from '@uapqa/service-kit';
import { enqueue } from '@uapqa/service-kit/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailVerifications, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';
import { requestVerification } from '../email-verification.js';
import { heldFor } from '../held-names.js';
import { spendInvitation } from '../invitations.js';
import { hashPassword } from '../passwords.js';

/** Whether a confirmation link may be mailed to an account again (a few an hour at most). */
export type RelinkAllowed = (userId: number) => Promise<boolean>;

const usernameTaken = () => badRequest('This username is already taken.', 'username');

/** A sign-up with the address of an account that exists already. */
async function signUpAgain(
  db: IdentityDeps['db'],
  body: RegisterBody,
  passwordHash: string,
  owner: {
    id: number;
    username: string;
    email: string;
    firstName: string | null;
    emailVerifiedAt: Date | null;
  },
  relinkAllowed: RelinkAllowed,
): Promise<void> {
  // Nobody confirmed this address yet: this sign-up replaces the pending one (see below), and
  // the address gets a new link, a few times an hour at most (as when asked again).
  const relink = !owner.emailVerifiedAt && (await relinkAllowed(owner.id));
  await db
    .transaction(async (tx) => {
      if (owner.emailVerifiedAt) {
        await enqueue(
          tx,
          IDENTITY_STREAM,
          createEvent(SignUpWithExistingEmail, {
            userId: owner.id,
            email: owner.email,
            username: owner.username,
            firstName: owner.firstName,
          }),
        );
        return;
      }
      // Whoever signed up last with an address nobody confirmed holds the pending sign-up: its
      // username, names and password replace the earlier ones, and the earlier links die.
      // Someone who signed up with another person's address cannot keep the address from its
      // owner, and opening a link needs the password of the sign-up it belongs to.
      await tx
        .update(users)
        .set({
          username: body.username,
          passwordHash,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
        })
        .where(and(eq(users.id, owner.id), isNull(users.emailVerifiedAt)));
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, owner.id));
      if (relink) {
        await requestVerification(tx, { ...owner, firstName: body.firstName ?? null });
      }
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) throw usernameTaken();
      throw error;
    });
}

/**
 * A sign-up creates the account unconfirmed and mails a link to the address; nothing else is
 * mailed to it, and it cannot sign in, until the link is opened. An address that already has an
 * account gets the same outcome, after the same work (the password is hashed either way), and
 * its owner is told by email: nothing the caller sees says whether an address has an account.
 * Only a taken username is refused (a 400: usernames are public). `invite` is the invitation
 * that lets the sign-up through while waitlist mode is on, spent with the account's creation.
 */
export async function register(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  body: RegisterBody,
  invite: string | undefined,
  relinkAllowed: RelinkAllowed,
): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  // A closed account's name and address stay taken for a while, as a live account's are; the
  // address has no owner left to tell, so it only gets the same answer.
  const held = await heldFor(db, body);
  if (held.username) throw usernameTaken();
  if (!held.email) {
    const taken = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${body.username}) or ${users.email} = ${body.email}`,
      );
    const owner = taken.find((row) => row.email === body.email);
    // Usernames are public (on every answer): a taken one is said, so another can be chosen.
    if (taken.some((row) => row !== owner)) throw usernameTaken();
    if (owner) await signUpAgain(db, body, passwordHash, owner, relinkAllowed);
    else await createAccount(db, body, passwordHash, invite);
  }
  relay.kick();
}

async function createAccount(
  db: IdentityDeps['db'],
  body: RegisterBody,
  passwordHash: string,
  invite: string | undefined,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (invite) await spendInvitation(tx, invite, body.email);
      const [created] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          role: 'user',
        })
        .returning();
      await requestVerification(tx, created!);
    });
  } catch (error) {
    // Two sign-ups at once: the database's unique indexes decide. The one that lost on the
    // address answers as any sign-up with a known address (its twin's link is on its way).
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    if (!violation.constraint.includes('email')) throw usernameTaken();
  }
}
