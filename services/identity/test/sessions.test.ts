import { SessionRevoked } from '@uapqa/contracts';
import {
  createSessionVerifier,
  identityKeys,
  REFRESH_COOKIE,
  RevocationList,
  SESSION_COOKIE,
} from '@uapqa/service-kit';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('sessions ($name)', (backend) => {
  const h = useHarness(backend);

  it('registers, reads the user, logs out, and refuses the old cookie', async () => {
    const member = newMember();
    const browser = h.visitor();
    const registered = await h.register(browser, member);
    expect(registered.status).toBe(200);
    const user = await registered.json();
    expect(user).toMatchObject({ username: member.username, email: member.email, role: 'user' });
    expect(user).not.toHaveProperty('passwordHash');

    const cookies = registered.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*HttpOnly`));
    expect(cookies).toMatch(/SameSite=Lax/);

    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);

    const oldCookies = browser.jar.clone();
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(401);

    const replay = await h.service.app.request('/api/user', {
      headers: { cookie: oldCookies.header() },
    });
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toContain('Unauthorized');
    const refresh = await h.service.app.request('/api/session/refresh', {
      method: 'POST',
      headers: { cookie: oldCookies.header() },
    });
    expect(refresh.status).toBe(401);
  });

  it.runIf(backend.name === 'real')(
    'refuses /api/user once another replica revoked the session, before its event arrives',
    async () => {
      const browser = h.visitor();
      await h.register(browser, newMember());
      const cookie = browser.jar.header();
      expect((await browser.get('/api/user')).status).toBe(200);

      // The replica's SessionRevoked goes to a bus this process does not follow: only the
      // session's row says it has ended.
      const replica = await h.replica();
      const loggedOut = await replica.app.request('/api/logout', {
        method: 'POST',
        headers: { cookie },
      });
      expect(loggedOut.status).toBe(200);

      const me = await h.service.app.request('/api/user', { headers: { cookie } });
      expect(me.status).toBe(401);
      expect((await me.json()).message).toContain('Unauthorized');
    },
  );

  it('answers /api/user with 401 and an Unauthorized message when signed out', async () => {
    const response = await h.visitor().get('/api/user');
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/Unauthorized/);
  });

  it('renews the short-lived token from the refresh cookie alone', async () => {
    const browser = h.visitor();
    await h.register(browser, newMember());
    const onlyRefresh = `${REFRESH_COOKIE}=${browser.jar.get(REFRESH_COOKIE)}`;
    const renewed = await h.service.app.request('/api/session/refresh', {
      method: 'POST',
      headers: { cookie: onlyRefresh },
    });
    expect(renewed.status).toBe(200);
    // The new token arrives only as the session cookie.
    const token = renewed.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    expect(token).toBeDefined();
    const me = await h.service.app.request('/api/user', { headers: { cookie: token! } });
    expect(me.status).toBe(200);
  });

  it('makes another process refuse a logged-out token once the revocation reaches it', async () => {
    // A service elsewhere verifies tokens with identity's public keys and follows the bus. The
    // test waits for the SessionRevoked event to reach it, however long a busy machine takes;
    // how fast that is (under a second on an idle machine) is a latency figure, not a test.
    const revocations = new RevocationList();
    const following = await revocations.follow(h.harnessBus.bus);
    try {
      const verifier = createSessionVerifier({
        keys: identityKeys('http://identity', async (url, init) =>
          h.service.app.request(url, init),
        ),
        revocations,
      });
      const browser = h.visitor();
      await h.register(browser, newMember());
      const token = browser.jar.get(SESSION_COOKIE);
      expect(await verifier.verify(token)).toMatchObject({ role: 'user' });

      expect((await browser.post('/api/logout')).status).toBe(200);
      await eventually(async () => expect(await verifier.verify(token)).toBeNull());
    } finally {
      await following.stop();
    }
  });

  it('publishes SessionRevoked on logout', async () => {
    const seen: string[] = [];
    const watcher = await h.harnessBus.bus.watch({
      stream: 'identity',
      types: [SessionRevoked.type],
      handler: async (event) => {
        seen.push(SessionRevoked.schema.parse(event.data).sessionId);
      },
    });
    const browser = h.visitor();
    await h.register(browser, newMember());
    await browser.post('/api/logout');
    await eventually(() => expect(seen).toHaveLength(1));
    await watcher.stop();
  });
});
