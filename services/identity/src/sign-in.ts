import type { IdentityUser, LoginBody } from '@uapqa/contracts';
import { forbidden, tooManyRequests, unauthorized } from '@uapqa/service-kit';
import type { IdentityDeps } from './deps.js';
import type { AccountBackoff } from './login-limits.js';
import { verifyPassword } from './passwords.js';
import { findUserForLogin } from './users.js';

export interface SignInLimits {
  /** Attempts per client address and account together (a 429 past it). */
  perAddressAndAccount: { consume(key: string): Promise<void>; reset(key: string): unknown };
  /** Growing waits after failures on one account, from any address. */
  perAccount: AccountBackoff;
}

/**
 * Checks a sign-in from the client at `address`: the account (by username or address) and its
 * password, within the limits; answers the user to start a session for. An unknown account
 * answers exactly as a wrong password (401); the password's owner alone hears that the address
 * is not confirmed yet (403).
 */
export async function signIn(
  db: IdentityDeps['db'],
  limits: SignInLimits,
  address: string,
  { username, password }: LoginBody,
): Promise<IdentityUser> {
  const found = await findUserForLogin(db, username);
  // Limits count the account, not what was typed: its username and email share one count.
  const account = found ? `user:${found.id}` : `name:${username.toLowerCase()}`;
  const pair = `${address} ${account}`;
  await limits.perAddressAndAccount.consume(pair);
  const wait = limits.perAccount.attempt(account);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed login attempts for this account. Please wait ${wait} seconds and try again.`,
      wait,
    );
  }
  const valid = await verifyPassword(found?.passwordHash ?? null, password);
  if (!found || !valid) {
    limits.perAccount.failed(account);
    throw unauthorized('Invalid username or password.');
  }
  await limits.perAddressAndAccount.reset(pair);
  limits.perAccount.succeeded(account);
  const { passwordHash: _hash, emailVerifiedAt, ...user } = found;
  if (!emailVerifiedAt) {
    // Only the owner of the password hears this, so it may say that the account exists.
    throw forbidden(
      'Please confirm your email address first: open the link we sent you when you signed up, or send the link again.',
    );
  }
  return user;
}
