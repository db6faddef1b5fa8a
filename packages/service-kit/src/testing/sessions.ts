import type { Role } from '@uapqa/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  type FetchImplementation,
  JWKS_PATH,
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ISSUER,
  SESSION_TOKEN_TTL_SECONDS,
} from '../auth/session.js';
import { browser } from './cookies.js';

type Fetcher = Parameters<typeof browser>[0];

export interface SessionUser {
  id: number;
  role: Role;
  username?: string;
  /** Defaults to a fresh one per token. */
  sessionId?: string;
}

/**
 * Identity as a service other than identity meets it: a JWKS route and session tokens signed
 * with its key. A service's suite starts that service alone with `identityFetch`, and signs in
 * as any user and role without starting identity.
 */
export interface TestIdentity {
  /** Hand to the service under test: it serves identity's public keys. */
  identityFetch: FetchImplementation;
  /** A session token as identity issues it (EdDSA, its issuer and audience). */
  token(user: SessionUser): Promise<string>;
  /** A browser on `app` holding `user`'s session cookie. */
  signedIn(app: Fetcher, user: SessionUser, origin?: string): Promise<ReturnType<typeof browser>>;
}

export async function testIdentity(): Promise<TestIdentity> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const kid = `test-${crypto.randomUUID()}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }] };

  const identityFetch: FetchImplementation = async (url) => {
    if (new URL(String(url)).pathname !== JWKS_PATH) return new Response(null, { status: 404 });
    return Response.json(jwks);
  };

  async function token(user: SessionUser): Promise<string> {
    return new SignJWT({
      sid: user.sessionId ?? crypto.randomUUID(),
      role: user.role,
      username: user.username ?? `user${user.id}`,
    })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(String(user.id))
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + SESSION_TOKEN_TTL_SECONDS)
      .sign(privateKey);
  }

  return {
    identityFetch,
    token,
    async signedIn(app, user, origin) {
      const signed = browser(app, origin);
      signed.jar.set(SESSION_COOKIE, await token(user));
      return signed;
    },
  };
}
