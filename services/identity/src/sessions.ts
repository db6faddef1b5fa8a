import { createHash, randomBytes } from 'node:crypto';
import { createEvent, IDENTITY_STREAM, type IdentityUser, SessionRevoked } from '@uapqa/contracts';
import {
  type Database,
  enqueue,
  type OutboxRelay,
  REFRESH_COOKIE,
  type RevocationList,
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ISSUER,
  SESSION_TOKEN_TTL_SECONDS,
} from '@uapqa/service-kit';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SignJWT } from 'jose';
import { sessions, users } from './db/schema.js';
import type { SigningKeys } from './keys.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface SessionManagerOptions {
  db: Database;
  keys: SigningKeys;
  relay: OutboxRelay;
  revocations: RevocationList;
  sessionDays: number;
  cookieSecure: boolean;
}

export interface IssuedSession {
  sessionId: string;
  token: string;
  tokenExpiresAt: Date;
}

/**
 * Sessions are rows here; the browser holds a short-lived signed token (checked by everyone
 * without calling identity) and a long-lived refresh secret that only identity can redeem.
 */
export class SessionManager {
  constructor(private readonly options: SessionManagerOptions) {}

  private async sign(user: Pick<IdentityUser, 'id' | 'role' | 'username'>, sessionId: string) {
    const tokenExpiresAt = new Date(Date.now() + SESSION_TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ sid: sessionId, role: user.role, username: user.username })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.options.keys.kid })
      .setSubject(String(user.id))
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(tokenExpiresAt.getTime() / 1000))
      .sign(this.options.keys.privateKey);
    return { token, tokenExpiresAt };
  }

  private setTokenCookie(c: Context, token: string): void {
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.options.cookieSecure,
      path: '/',
      maxAge: SESSION_TOKEN_TTL_SECONDS,
    });
  }

  /** Starts a session for a user who just proved who they are, and sets both cookies. */
  async start(c: Context, user: IdentityUser): Promise<IssuedSession> {
    const sessionId = randomBytes(18).toString('base64url');
    const refresh = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.options.sessionDays * 24 * 60 * 60 * 1000);
    await this.options.db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      refreshHash: sha256(refresh),
      expiresAt,
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
    const { token, tokenExpiresAt } = await this.sign(user, sessionId);
    this.setTokenCookie(c, token);
    setCookie(c, REFRESH_COOKIE, refresh, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.options.cookieSecure,
      path: '/api',
      expires: expiresAt,
    });
    return { sessionId, token, tokenExpiresAt };
  }

  /** Redeems a refresh secret for a new token with the user's current role; null if dead. */
  async refresh(c: Context, refresh: string | undefined): Promise<IssuedSession | null> {
    if (!refresh) return null;
    const [row] = await this.options.db
      .select({
        sessionId: sessions.id,
        id: users.id,
        role: users.role,
        username: users.username,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.refreshHash, sha256(refresh)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!row) return null;
    const { token, tokenExpiresAt } = await this.sign(row, row.sessionId);
    this.setTokenCookie(c, token);
    return { sessionId: row.sessionId, token, tokenExpiresAt };
  }

  /** Finds the session a refresh secret belongs to (logout with only the refresh cookie left). */
  async sessionIdOfRefresh(refresh: string | undefined): Promise<string | null> {
    if (!refresh) return null;
    const [row] = await this.options.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.refreshHash, sha256(refresh)));
    return row?.id ?? null;
  }

  /**
   * Revokes sessions and announces it: SessionRevoked is committed with the revocation, so every
   * process following the bus refuses the old token too.
   */
  async revoke(where: { sessionId: string } | { userId: number }): Promise<number> {
    const revokedAt = new Date();
    const revoked = await this.options.db.transaction(async (tx) => {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt })
        .where(
          and(
            'sessionId' in where
              ? eq(sessions.id, where.sessionId)
              : eq(sessions.userId, where.userId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id, userId: sessions.userId });
      // A token outlives its session by at most its own lifetime; past that nothing needs refusing.
      const expiresAt = new Date(revokedAt.getTime() + SESSION_TOKEN_TTL_SECONDS * 1000);
      await enqueue(
        tx,
        IDENTITY_STREAM,
        ...rows.map((row) =>
          createEvent(SessionRevoked, {
            sessionId: row.id,
            userId: row.userId,
            expiresAt: expiresAt.toISOString(),
          }),
        ),
      );
      for (const row of rows) this.options.revocations.revoke(row.id, expiresAt);
      return rows.length;
    });
    this.options.relay.kick();
    return revoked;
  }

  clearCookies(c: Context): void {
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: this.options.cookieSecure });
    deleteCookie(c, REFRESH_COOKIE, { path: '/api', secure: this.options.cookieSecure });
  }
}
