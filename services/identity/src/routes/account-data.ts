import { CloseAccountBody, IdentityExport, MessageAnswer } from '@uapqa/contracts';
import {
  answer,
  apiDoc,
  currentSession,
  HEADERS,
  readJson,
  requireSession,
  SESSION,
  unauthorized,
} from '@uapqa/service-kit';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { closeAccount } from '../closing.js';
import { creatorProfiles, sessions, users } from '../db/schema.js';
import type { IdentityDeps } from '../deps.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The member's own account: what identity holds of them (for the export), and closing it. */
export function accountDataRoutes(deps: IdentityDeps): Hono {
  const app = new Hono();
  const { db } = deps;

  app.get(
    '/api/account/profile',
    apiDoc({
      operationId: 'getAccountProfileData',
      summary: "Everything identity holds of the caller (the export's identity part)",
      description:
        'The account, every sign-in session (without its secrets) and any expert profile. The gateway puts it in `GET /api/account/export`.',
      tag: 'identity',
      access: SESSION,
      ok: { 200: answer(IdentityExport) },
    }),
    requireSession,
    async (c) => {
      const { userId } = currentSession(c);
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.closedAt)));
      if (!user) throw unauthorized();
      const [signIns, profiles] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
        db
          .select()
          .from(creatorProfiles)
          .where(eq(creatorProfiles.userId, userId))
          .orderBy(asc(creatorProfiles.createdAt)),
      ]);
      const body: IdentityExport = {
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          emailVerifiedAt: iso(user.emailVerifiedAt),
        },
        sessions: signIns.map((row) => ({
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          revokedAt: iso(row.revokedAt),
          userAgent: row.userAgent,
        })),
        creatorProfiles: profiles.map((row) => ({
          brandName: row.brandName,
          bio: row.bio,
          credentials: row.credentials,
          expertise: row.expertise,
          website: row.website,
          socialLinks: row.socialLinks,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  );

  app.delete(
    '/api/account',
    apiDoc({
      operationId: 'closeAccount',
      summary: "Close the caller's account (needs their password)",
      description:
        'Ends every session, removes name, address, username, password and expert profile, cancels the subscription at once and forfeits the credits, stops every email but one confirmation. Receipts and published answers stay, under "a former member". The username and address are held for 30 days. A wrong password is a 403 and changes nothing.',
      tag: 'identity',
      access: SESSION,
      body: CloseAccountBody,
      ok: { 200: { ...answer(MessageAnswer, 'Closed.'), headers: HEADERS.clearedCookies } },
      errors: [403],
    }),
    requireSession,
    async (c) => {
      const { password } = await readJson(c, CloseAccountBody);
      await closeAccount(deps, currentSession(c).userId, password);
      deps.sessions.clearCookies(c);
      return c.json({ message: 'Your account is closed. We are sorry to see you go.' });
    },
  );

  return app;
}
