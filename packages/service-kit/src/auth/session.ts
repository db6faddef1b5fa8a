import { ROLES, type Role, SessionRevoked } from '@uapqa/contracts';
import {
  createRemoteJWKSet,
  customFetch,
  type FetchImplementation,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { EventBus, Subscription } from '../bus/types.js';

export type { FetchImplementation } from 'jose';

export const SESSION_COOKIE = 'session';
export const REFRESH_COOKIE = 'session_refresh';
export const SESSION_ISSUER = 'uapqa-identity';
export const SESSION_AUDIENCE = 'uapqa';
/** Access tokens are short-lived; the refresh cookie renews them while the session lives. */
export const SESSION_TOKEN_TTL_SECONDS = 15 * 60;
export const JWKS_PATH = '/.well-known/jwks.json';

export interface SessionClaims {
  userId: number;
  sessionId: string;
  role: Role;
  username: string;
  expiresAt: Date;
}

/**
 * Sessions revoked before their token expires. Fed by SessionRevoked events, so a logout is
 * refused by every process that follows the bus within the bus's propagation time.
 */
export class RevocationList {
  private readonly revoked = new Map<string, number>();

  revoke(sessionId: string, expiresAt: Date): void {
    this.revoked.set(sessionId, expiresAt.getTime());
    this.prune();
  }

  isRevoked(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  /** Replays revocations young enough to matter, then follows new ones. */
  follow(bus: EventBus, stream = SessionRevoked.stream): Promise<Subscription> {
    return bus.watch({
      stream,
      types: [SessionRevoked.type],
      since: new Date(Date.now() - SESSION_TOKEN_TTL_SECONDS * 1000),
      handler: async (event) => {
        const data = SessionRevoked.schema.parse(event.data);
        this.revoke(data.sessionId, new Date(data.expiresAt));
      },
    });
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, expiresAt] of this.revoked) if (expiresAt < now) this.revoked.delete(id);
  }
}

/** Identity's public keys, fetched from its JWKS route (through any fetch, e.g. in-process). */
export function identityKeys(
  identityUrl: string,
  fetchImpl?: FetchImplementation,
): JWTVerifyGetKey {
  const url = new URL(JWKS_PATH, identityUrl);
  return createRemoteJWKSet(url, {
    cacheMaxAge: 10 * 60 * 1000,
    cooldownDuration: 5_000,
    ...(fetchImpl ? { [customFetch]: fetchImpl } : {}),
  });
}

export interface SessionVerifier {
  verify(token: string | undefined): Promise<SessionClaims | null>;
}

/** Verified tokens remembered; the oldest is forgotten first past this many. */
const VERIFIED_CACHE_SIZE = 10_000;
/** A verified token is checked against the keys again after this long (key rotation). */
const VERIFIED_CACHE_MS = 5 * 60 * 1000;

export function createSessionVerifier(options: {
  keys: JWTVerifyGetKey;
  revocations: RevocationList;
}): SessionVerifier {
  /**
   * A signature check (Ed25519) costs more than the rest of a small request: the same token is
   * presented on every call of a session, so its claims are remembered until it expires (or for
   * five minutes). Revocation is still asked on every call.
   */
  const verified = new Map<string, { claims: SessionClaims; until: number }>();

  async function verifySignature(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        algorithms: ['EdDSA'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      const role = payload.role;
      if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
      if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
      return {
        userId,
        sessionId,
        role: role as Role,
        username: typeof payload.username === 'string' ? payload.username : '',
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch {
      return null;
    }
  }

  return {
    async verify(token) {
      if (!token) return null;
      const now = Date.now();
      const known = verified.get(token);
      let claims: SessionClaims | null;
      if (known && now < known.until) {
        claims = known.claims;
      } else {
        if (known) verified.delete(token);
        claims = await verifySignature(token);
        if (claims) {
          if (verified.size >= VERIFIED_CACHE_SIZE) {
            verified.delete(verified.keys().next().value as string);
          }
          verified.set(token, {
            claims,
            until: Math.min(claims.expiresAt.getTime(), now + VERIFIED_CACHE_MS),
          });
        }
      }
      if (!claims || options.revocations.isRevoked(claims.sessionId)) return null;
      return claims;
    },
  };
}
