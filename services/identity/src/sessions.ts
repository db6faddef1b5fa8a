import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_SUSPENDED,
  createEvent,
  IDENTITY_STREAM,
  type IdentityUser,
  SessionRevoked,
} from '@uapqa/contracts';
import {
  forbidden,
  REFRESH_COOKIE,
  type RevocationList,
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ISSUER,
  SESSION_TOKEN_TTL_SECONDS,
} from '@uapqa/service-kit';
import { type Database, type Executor, enqueue, type OutboxRelay } from '@uapqa/service-kit/db';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SignJWT } from 'jose';
import { sessions, spentRefreshSecrets, users } from './db/schema.js';
import type { SigningKeys } from './keys.js';

/** How long the secret spent last still renews the token (parallel renewals by one browser). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

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

  /**
   * Starts a session for a user who just proved who they are, and sets both cookies. A browser
   * holds one session: the one its refresh cookie named (another account's, say) ends here.
   */
  async start(c: Context, user: IdentityUser): Promise<IssuedSession> {
    const replaced = await this.sessionIdOfRefresh(getCookie(c, REFRESH_COOKIE));
    if (replaced) await this.revoke({ sessionId: replaced });
    const sessionId = randomBytes(18).toString('base64url');
    const refresh = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.options.sessionDays * 24 * 60 * 60 * 1000);
    await this.options.db.transaction(async (tx) => {
      // Shares the row lock a suspension takes: a sign-in never outlives a suspension decided
      // while it was under way.
      const [account] = await tx
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, user.id))
        .for('share');
      if (account?.suspendedAt) throw forbidden(ACCOUNT_SUSPENDED);
      await tx.insert(sessions).values({
        id: sessionId,
        userId: user.id,
        refreshHash: sha256(refresh),
        expiresAt,
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      });
    });
    const { token, tokenExpiresAt } = await this.sign(user, sessionId);
    this.setTokenCookie(c, token);
    this.setRefreshCookie(c, refresh, expiresAt);
    return { sessionId, token, tokenExpiresAt };
  }

  private setRefreshCookie(c: Context, secret: string, expiresAt: Date): void {
    setCookie(c, REFRESH_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.options.cookieSecure,
      path: '/api',
      expires: expiresAt,
    });
  }

  /**
   * Redeems a refresh secret for a new token with the user's current role, and trades the
   * secret for a new one (both cookies set); null if the session is dead.
   *
   * A secret is spent once. The one spent last is still honoured for
   * REFRESH_REUSE_GRACE_SECONDS with a new token only: two tabs renewing at once send the same
   * secret, and the slower one must not end the session (the browser keeps the new secret the
   * faster one set). Past the grace, a spent secret means someone else holds a copy: the whole
   * session is revoked and its holder signs in again.
   */
  async refresh(c: Context, refresh: string | undefined): Promise<IssuedSession | null> {
    if (!refresh) return null;
    const presented = sha256(refresh);
    const now = new Date();
    const outcome = await this.options.db.transaction(async (tx) => {
      const next = randomBytes(32).toString('base64url');
      // The row lock orders parallel renewals: the second waits, then no longer matches.
      const [rotated] = await tx
        .update(sessions)
        .set({ refreshHash: sha256(next) })
        .where(
          and(
            eq(sessions.refreshHash, presented),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .returning({
          sessionId: sessions.id,
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
        });
      if (rotated) {
        await tx
          .insert(spentRefreshSecrets)
          .values({ hash: presented, sessionId: rotated.sessionId, spentAt: now });
        return { kind: 'rotated' as const, ...rotated, secret: next };
      }
      const [spent] = await tx
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          spentAt: spentRefreshSecrets.spentAt,
        })
        .from(spentRefreshSecrets)
        .innerJoin(sessions, eq(sessions.id, spentRefreshSecrets.sessionId))
        .where(eq(spentRefreshSecrets.hash, presented));
      if (!spent || spent.revokedAt || spent.expiresAt <= now) return null;
      const [newest] = await tx
        .select({ spentAt: spentRefreshSecrets.spentAt })
        .from(spentRefreshSecrets)
        .where(eq(spentRefreshSecrets.sessionId, spent.sessionId))
        .orderBy(desc(spentRefreshSecrets.spentAt))
        .limit(1);
      const inGrace =
        newest?.spentAt.getTime() === spent.spentAt.getTime() &&
        now.getTime() - spent.spentAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      return inGrace
        ? { kind: 'grace' as const, ...spent }
        : { kind: 'reused' as const, sessionId: spent.sessionId };
    });
    if (!outcome) return null;
    if (outcome.kind === 'reused') {
      await this.revoke({ sessionId: outcome.sessionId });
      return null;
    }
    const [user] = await this.options.db
      .select({ id: users.id, role: users.role, username: users.username })
      .from(users)
      .where(eq(users.id, outcome.userId));
    if (!user) return null;
    const { token, tokenExpiresAt } = await this.sign(user, outcome.sessionId);
    this.setTokenCookie(c, token);
    if (outcome.kind === 'rotated') this.setRefreshCookie(c, outcome.secret, outcome.expiresAt);
    return { sessionId: outcome.sessionId, token, tokenExpiresAt };
  }

  /**
   * The session a refresh secret belongs to, current or spent (logout with only the refresh
   * cookie left, or a sign-in replacing the browser's session).
   */
  async sessionIdOfRefresh(refresh: string | undefined): Promise<string | null> {
    if (!refresh) return null;
    const hash = sha256(refresh);
    const [row] = await this.options.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.refreshHash, hash));
    if (row) return row.id;
    const [spent] = await this.options.db
      .select({ id: spentRefreshSecrets.sessionId })
      .from(spentRefreshSecrets)
      .where(eq(spentRefreshSecrets.hash, hash));
    return spent?.id ?? null;
  }

  /**
   * Revokes sessions (one, or every one of a user but `except`) and announces it: SessionRevoked is committed with the revocation, so every
   * process following the bus refuses the old token too.
   */
  async revoke(
    where: { sessionId: string } | { userId: number; except?: string },
  ): Promise<number> {
    const revoked = await this.options.db.transaction((tx) => this.revokeWithin(tx, where));
    this.options.relay.kick();
    return revoked.length;
  }

  /**
   * Revokes sessions inside the caller's transaction (closing an account ends them with the
   * rest of its change). This process refuses the tokens at once; the others when the events
   * arrive, after the commit.
   */
  async revokeWithin(
    tx: Executor,
    where: { sessionId: string } | { userId: number; except?: string },
  ): Promise<Array<{ id: string }>> {
    const revokedAt = new Date();
    const rows = await tx
      .update(sessions)
      .set({ revokedAt })
      .where(
        and(
          'sessionId' in where
            ? eq(sessions.id, where.sessionId)
            : eq(sessions.userId, where.userId),
          'except' in where && where.except ? ne(sessions.id, where.except) : undefined,
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
    return rows;
  }

  clearCookies(c: Context): void {
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: this.options.cookieSecure });
    deleteCookie(c, REFRESH_COOKIE, { path: '/api', secure: this.options.cookieSecure });
  }
}
