// The password KDF, run by piscina on worker threads of lowered priority (see src/passwords.ts).
// Plain JavaScript outside src: the same file serves the built service and the tests on sources.
import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

export function hash({ password, options }) {
  return hashSync(password, options);
}

export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    // A stored hash that does not parse matches nothing.
    return false;
  }
}

/** This thread's kernel id and priority (Linux; nulls elsewhere). */
export function describe() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return { threadId, priority: getPriority(threadId) };
  } catch {
    return { threadId: null, priority: null };
  }
}
