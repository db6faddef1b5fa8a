import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1). @node-rs/argon2 hashes on
 * libuv's thread pool, so logins never block the event loop. Its default algorithm is argon2id
 * (its `Algorithm` is a const enum that isolated modules cannot read; a test checks the prefix).
 */
const OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the username is unknown keeps both answers equally slow.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
