import { randomBytes } from 'node:crypto';
import { isSwitchableEmailKind, type SwitchableEmailKind } from '@uapqa/contracts';
import type { Database } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type * as schema from '../db/schema.js';
import { serviceSecrets } from '../db/schema.js';

/** Who an unsubscribe link speaks for: a member (by account), or a newsletter address. */
export type UnsubscribeSubject =
  | { userId: number; kind: SwitchableEmailKind }
  | { email: string; kind: 'newsletter' };

const PURPOSE = 'unsubscribe';
const SECRET_NAME = 'unsubscribe_signing_key';

/**
 * Signs and reads the tokens of unsubscribe links (HS256 JWS). They never expire: a link in an
 * old email must still work, and all it can do is switch one kind of email off for the one
 * recipient it names. Without the key nobody can make one for another recipient or kind.
 */
export class UnsubscribeTokens {
  private constructor(private readonly key: Uint8Array) {}

  /**
   * The key from the configuration; else one made on the first start and kept in the service's
   * database, so every replica and every restart signs and checks with the same one.
   */
  static async load(db: Database<typeof schema>, configured?: string): Promise<UnsubscribeTokens> {
    if (configured) return new UnsubscribeTokens(new TextEncoder().encode(configured));
    await db
      .insert(serviceSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: serviceSecrets.value })
      .from(serviceSecrets)
      .where(eq(serviceSecrets.name, SECRET_NAME));
    return new UnsubscribeTokens(new TextEncoder().encode(row!.value));
  }

  sign(subject: UnsubscribeSubject): Promise<string> {
    const sub = 'userId' in subject ? `user:${subject.userId}` : `email:${subject.email}`;
    return new SignJWT({ kind: subject.kind, purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .sign(this.key);
  }

  /** The recipient and kind a token names, or null for a token this service did not sign. */
  async read(token: string): Promise<UnsubscribeSubject | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { kind, purpose, sub } = payload;
      if (purpose !== PURPOSE || typeof kind !== 'string' || !isSwitchableEmailKind(kind)) {
        return null;
      }
      if (typeof sub !== 'string') return null;
      if (sub.startsWith('user:')) {
        const userId = Number(sub.slice('user:'.length));
        return Number.isSafeInteger(userId) && userId > 0 ? { userId, kind } : null;
      }
      if (sub.startsWith('email:') && kind === 'newsletter') {
        return { email: sub.slice('email:'.length), kind };
      }
      return null;
    } catch {
      return null;
    }
  }
}
