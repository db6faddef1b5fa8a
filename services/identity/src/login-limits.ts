/** How sign-in attempts are limited. */
export const LOGIN_LIMITS = {
  /** Per client address, whatever the account: a flood from one place. */
  perIp: { points: 30, durationSeconds: 60 },
  /** Per client address and account together: guessing one password from one place. */
  perAddressAndAccount: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Per account across all addresses: after `freeFailures` wrong passwords in a row, each
   * further attempt waits a delay that doubles from `firstDelaySeconds` up to `maxDelaySeconds`.
   * It slows guessing spread over many addresses without locking the owner out: once the delay
   * has passed, the right password gets in from anywhere. Failures are forgotten after
   * `forgetAfterSeconds` without one.
   */
  perAccount: {
    freeFailures: 10,
    firstDelaySeconds: 1,
    maxDelaySeconds: 5 * 60,
    forgetAfterSeconds: 15 * 60,
  },
} as const;

/**
 * How sign-ups and requests for a new confirmation link are limited per client address: each
 * one costs a password hash and sends an email, so a flood from one place is cut short.
 */
export const REGISTRATION_LIMITS = {
  /** Sign-ups per client address. */
  perIp: { points: 10, durationSeconds: 60 * 60 },
  /** Requests for the confirmation link again, per client address. */
  resendPerIp: { points: 10, durationSeconds: 60 * 60 },
  /**
   * New links per account, whoever asks: past it, a request is answered as usual and sends
   * nothing, so nobody can fill someone's inbox and the answer tells nothing about the account.
   */
  resendPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Wrong sign-up passwords typed with one confirmation link. */
  wrongPasswordsPerLink: { points: 10, durationSeconds: 60 * 60 },
} as const;

/**
 * How password-reset links and the signed-in account's password checks are limited. A reset
 * request costs an email to someone's inbox; a password check costs a hash and is a guess.
 */
export const ACCOUNT_LIMITS = {
  /** Reset requests per client address. */
  resetPerIp: { points: 10, durationSeconds: 60 * 60 },
  /**
   * Reset requests per typed email address, counted whether or not it has an account, so the
   * 429 past it says nothing about the address.
   */
  resetPerAddress: { points: 5, durationSeconds: 60 * 60 },
  /**
   * Reset links mailed per account: past it, a request is answered as usual and sends nothing,
   * so nobody can fill the owner's inbox and the answer tells nothing.
   */
  resetPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Wrong current passwords typed on the account page, per account (a stolen session guessing). */
  passwordChecksPerAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Links asked for a new address, per account: each one mails two addresses. */
  emailChangesPerAccount: { points: 5, durationSeconds: 60 * 60 },
} as const;

/** Public expert applications (`/apply`) accepted per client address: each one mails the admins. */
export const EXPERT_APPLICATION_LIMITS = {
  perIp: { points: 10, durationSeconds: 60 * 60 },
} as const;

/** Accounts remembered at most; the oldest failure is forgotten first past this many. */
const MAX_TRACKED_ACCOUNTS = 100_000;

/**
 * The per-account slow-down, in this process's memory even where the other login limits count
 * in Redis: each replica slows an account on the failures it saw.
 */
export class AccountBackoff {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly limits = LOGIN_LIMITS.perAccount,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Seconds this account must still wait before a password is checked (0: go ahead). Going
   * ahead while the account is slowed takes the slot, so parallel attempts wait too.
   */
  attempt(account: string): number {
    const entry = this.failures.get(account);
    if (!entry) return 0;
    const now = this.now();
    if (now - entry.last > this.limits.forgetAfterSeconds * 1000) {
      this.failures.delete(account);
      return 0;
    }
    const over = entry.count - this.limits.freeFailures;
    if (over < 0) return 0;
    const delay = Math.min(this.limits.firstDelaySeconds * 2 ** over, this.limits.maxDelaySeconds);
    const left = entry.last + delay * 1000 - now;
    if (left > 0) return Math.ceil(left / 1000);
    entry.last = now;
    return 0;
  }

  failed(account: string): void {
    const entry = this.failures.get(account) ?? { count: 0, last: 0 };
    entry.count++;
    entry.last = this.now();
    this.failures.delete(account);
    this.failures.set(account, entry);
    if (this.failures.size > MAX_TRACKED_ACCOUNTS) {
      this.failures.delete(this.failures.keys().next().value as string);
    }
  }

  succeeded(account: string): void {
    this.failures.delete(account);
  }
}
