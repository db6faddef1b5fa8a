import type { Database } from '@uapqa/service-kit/db';
import { desc } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { signingKeys } from './db/schema.js';

export interface SigningKeys {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  jwks: { keys: JWK[] };
  verifyKey: JWTVerifyGetKey;
}

/**
 * Loads the Ed25519 session keys from identity's database, creating the first one if none
 * exists, so every identity replica signs with the same key.
 */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let rows = await db
    .select()
    .from(signingKeys)
    .orderBy(desc(signingKeys.active), desc(signingKeys.createdAt));
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', {
      crv: 'Ed25519',
      extractable: true,
    });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db
      .insert(signingKeys)
      .values({
        kid,
        privateJwk: await exportJWK(privateKey),
        publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' },
      })
      .onConflictDoNothing();
    rows = await db
      .select()
      .from(signingKeys)
      .orderBy(desc(signingKeys.active), desc(signingKeys.createdAt));
  }
  const newest = rows[0]!;
  const jwks = { keys: rows.map((row) => row.publicJwk) };
  return {
    kid: newest.kid,
    privateKey: await importJWK(newest.privateJwk, 'EdDSA'),
    jwks,
    verifyKey: createLocalJWKSet(jwks),
  };
}
