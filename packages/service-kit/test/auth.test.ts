import { createEvent, type Role, SessionRevoked } from '@uapqa/contracts';
import { Hono } from 'hono';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireRole, requireSession, sessionMiddleware } from '../src/auth/middleware.js';
import {
  createSessionVerifier,
  identityKeys,
  JWKS_PATH,
  RevocationList,
  SESSION_AUDIENCE,
  SESSION_ISSUER,
} from '../src/auth/session.js';
import type { Subscription } from '../src/bus/types.js';
import { createServiceApp } from '../src/http/app.js';
import { eventually, type TestBus, testBackends } from '../src/testing/index.js';

const KID = 'identity-1';
let identityKey: CryptoKey;
let impostorKey: CryptoKey;
let identity: Hono;

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  identityKey = pair.privateKey;
  impostorKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' };
  identity = new Hono().get(JWKS_PATH, (c) => c.json({ keys: [jwk] }));
});

interface TokenOptions {
  sessionId?: string;
  role?: Role;
  audience?: string;
  expiresAt?: number;
  key?: CryptoKey;
}

function token({
  sessionId = 'sess-1',
  role = 'user',
  audience = SESSION_AUDIENCE,
  expiresAt,
  key,
}: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: sessionId, role, username: 'mulder' })
    .setProtectedHeader({ alg: 'EdDSA', kid: KID })
    .setSubject('42')
    .setIssuer(SESSION_ISSUER)
    .setAudience(audience)
    .setIssuedAt(now - 120)
    .setExpirationTime(expiresAt ?? now + 900)
    .sign(key ?? identityKey);
}

/** A service that verifies sessions against identity's JWKS, fetched in-process. */
function serviceApp(revocations = new RevocationList()) {
  const keys = identityKeys('http://identity', async (url, options) =>
    identity.fetch(new Request(url, options)),
  );
  const app = createServiceApp({ name: 'questions', logger: pino({ level: 'silent' }) });
  app.use(sessionMiddleware(createSessionVerifier({ keys, revocations })));
  app.get('/me', requireSession, (c) => c.json(c.get('session')));
  app.get('/moderation', requireRole('moderator', 'admin'), (c) => c.json({ ok: true }));
  return app;
}

const withCookie = (value: string) => ({ headers: { cookie: `session=${value}` } });
const withBearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });

async function expectUnauthorized(res: Response) {
  expect(res.status).toBe(401);
  expect(((await res.json()) as { message: string }).message).toContain('Unauthorized');
}

describe('session middleware', () => {
  it('refuses a request without a token with 401', async () => {
    await expectUnauthorized(await serviceApp().request('/me'));
    await expectUnauthorized(await serviceApp().request('/moderation'));
  });

  it('accepts a valid session cookie and exposes its claims', async () => {
    const res = await serviceApp().request('/me', withCookie(await token()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      userId: 42,
      sessionId: 'sess-1',
      role: 'user',
      username: 'mulder',
    });
  });

  it('accepts a Bearer header', async () => {
    const res = await serviceApp().request('/me', withBearer(await token()));
    expect(res.status).toBe(200);
  });

  it('refuses a token signed by another key', async () => {
    await expectUnauthorized(
      await serviceApp().request('/me', withCookie(await token({ key: impostorKey }))),
    );
  });

  it('refuses an expired token', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) - 60;
    await expectUnauthorized(
      await serviceApp().request('/me', withCookie(await token({ expiresAt }))),
    );
  });

  it('refuses a remembered token once its session is revoked', async () => {
    const revocations = new RevocationList();
    const app = serviceApp(revocations);
    const presented = await token({ sessionId: 'sess-remembered' });
    expect((await app.request('/me', withCookie(presented))).status).toBe(200);
    expect((await app.request('/me', withCookie(presented))).status).toBe(200);
    revocations.revoke('sess-remembered', new Date(Date.now() + 900_000));
    await expectUnauthorized(await app.request('/me', withCookie(presented)));
  });

  it('refuses a remembered token once it has expired', async () => {
    const app = serviceApp();
    const presented = await token({ expiresAt: Math.floor(Date.now() / 1000) + 2 });
    expect((await app.request('/me', withCookie(presented))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expectUnauthorized(await app.request('/me', withCookie(presented)));
  });

  it('refuses a token for another audience', async () => {
    const res = await serviceApp().request(
      '/me',
      withCookie(await token({ audience: 'elsewhere' })),
    );
    await expectUnauthorized(res);
  });

  it('refuses a garbled token', async () => {
    await expectUnauthorized(await serviceApp().request('/me', withBearer('not.a.jwt')));
  });

  it('answers 403 with a message when the role does not fit', async () => {
    const res = await serviceApp().request(
      '/moderation',
      withCookie(await token({ role: 'user' })),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: 'Forbidden: this requires the moderator or admin role.',
    });
  });

  it('lets a fitting role through', async () => {
    const res = await serviceApp().request(
      '/moderation',
      withCookie(await token({ role: 'moderator' })),
    );
    expect(res.status).toBe(200);
  });
});

describe.each(testBackends())('session revocation over the bus ($name)', (backend) => {
  let harness: TestBus;
  let following: Subscription[];
  beforeEach(async () => {
    harness = await backend.bus('auth');
    following = [];
  });
  afterEach(async () => {
    for (const subscription of following) await subscription.stop();
    await harness.cleanup();
  });

  const revoke = (sessionId: string) =>
    harness.bus.publish(
      'identity',
      createEvent(SessionRevoked, {
        sessionId,
        userId: 42,
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      }),
    );

  it('refuses a revoked session within a second, and only that session', async () => {
    const revocations = new RevocationList();
    following.push(await revocations.follow(harness.bus));
    const app = serviceApp(revocations);
    const [revoked, other] = [
      await token({ sessionId: 'sess-out' }),
      await token({ sessionId: 'sess-in' }),
    ];
    expect((await app.request('/me', withCookie(revoked))).status).toBe(200);

    await revoke('sess-out');
    await eventually(
      async () => expectUnauthorized(await app.request('/me', withCookie(revoked))),
      {
        timeoutMs: 1000,
      },
    );
    expect((await app.request('/me', withCookie(other))).status).toBe(200);
  });

  it('replays revocations published before it started following', async () => {
    await revoke('sess-early');
    const revocations = new RevocationList();
    following.push(await revocations.follow(await harness.reconnect()));
    const app = serviceApp(revocations);
    const revoked = await token({ sessionId: 'sess-early' });

    await eventually(
      async () => expectUnauthorized(await app.request('/me', withCookie(revoked))),
      {
        timeoutMs: 1000,
      },
    );
  });
});
