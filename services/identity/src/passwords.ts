import { Piscina } from 'piscina';

/**
 * argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1): @node-rs/argon2's
 * default algorithm is argon2id (its `Algorithm` is a const enum that isolated modules cannot
 * read; a test checks the prefix).
 */
const OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes at once at most: 19 MiB each, the memory identity's deployment is sized for. */
export const KDF_THREADS = 4;

/**
 * How much lower than request handling the KDF threads run (Unix nice, 0–19). A login's tens of
 * milliseconds of hashing then never take a core from an event loop that has work, here or in
 * another process of the machine: under a burst of logins, pages keep their pace and the logins
 * wait for idle CPU.
 */
export const KDF_NICE = 10;

let pool: Piscina | undefined;

/**
 * The KDF runs on piscina's worker threads (workers/kdf.mjs), never on the event loop. Threads
 * of their own, rather than libuv's pool, so that their priority can be lowered without touching
 * the file system and DNS work that shares libuv's pool.
 */
function kdf(): Piscina {
  pool ??= new Piscina({
    filename: new URL('../workers/kdf.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: KDF_THREADS,
    niceIncrement: KDF_NICE,
    idleTimeout: 60_000,
  });
  return pool;
}

export function hashPassword(password: string): Promise<string> {
  return kdf().run({ password, options: OPTIONS }, { name: 'hash' });
}

// Verifying against this when the username is unknown keeps both answers equally slow.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await kdf().run({ passwordHash: await decoy, password }, { name: 'verify' });
    return false;
  }
  return kdf().run({ passwordHash, password }, { name: 'verify' });
}

/** The thread a KDF task runs on and its priority (Unix nice), as the tests check it. */
export function kdfThread(): Promise<{ threadId: number | null; priority: number | null }> {
  return kdf().run({}, { name: 'describe' });
}
