import { REFRESH_COOKIE, SESSION_COOKIE } from '@uapqa/service-kit';
import { type Browser, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { newMember, ORIGIN, startStack } from './harness.js';

describe.each(testBackends())('sessions through the gateway ($name)', (backend) => {
  const h = stackForSuite(() => startStack(backend));

  /** Logs `browser` out, then asks `path` with a copy of the cookies it had before (stolen). */
  async function replayAfterLogout(browser: Browser, path: string): Promise<Response> {
    const stolen = browser.jar.clone();
    expect((await browser.post('/api/logout')).status).toBe(200);
    return h.gateway.app.request(`${ORIGIN}${path}`, { headers: { cookie: stolen.header() } });
  }

  it('register → login → /api/user with billing fields → logout → old cookie refused', async () => {
    const member = newMember();
    const browser = h.visitor();
    expect((await h.register(browser, member)).status).toBe(200);
    const login = await browser.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.status).toBe(200);

    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: member.username,
      role: 'user',
      subscriptionStatus: 'inactive',
      foiaCredits: 0,
    });

    const replay = await replayAfterLogout(browser, '/api/user');
    expect((await browser.get('/api/user')).status).toBe(401);
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toContain('Unauthorized');
  });

  it('renews an expired session token from the refresh cookie without the member noticing', async () => {
    const browser = h.visitor();
    await h.register(browser, newMember());
    // The browser drops the session cookie when it expires; only the refresh cookie is left.
    const refreshOnly = `${REFRESH_COOKIE}=${browser.jar.get(REFRESH_COOKIE)}`;
    const response = await h.gateway.app.request(`${ORIGIN}/api/user`, {
      headers: { cookie: refreshOnly },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join('\n')).toContain(`${SESSION_COOKIE}=`);
  });

  it('answers /api/user with 401 for a visitor', async () => {
    const response = await h.visitor().get('/api/user');
    expect(response.status).toBe(401);
  });

  it('answers /api/session 200 to everyone: null for a visitor and after logout, the user while signed in, never kept', async () => {
    const browser = h.visitor();
    const asVisitor = await browser.get('/api/session');
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.headers.get('cache-control')).toBe('no-store');
    expect(await asVisitor.json()).toEqual({ user: null });

    const member = newMember();
    expect((await h.register(browser, member)).status).toBe(200);
    const signedIn = await browser.get('/api/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(await signedIn.json()).toEqual({
      user: expect.objectContaining({
        username: member.username,
        role: 'user',
        subscriptionStatus: 'inactive',
        foiaCredits: 0,
      }),
    });

    const replay = await replayAfterLogout(browser, '/api/session');
    expect(await (await browser.get('/api/session')).json()).toEqual({ user: null });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ user: null });
  });

  it('renews an expired session token on /api/session as on any other call', async () => {
    const browser = h.visitor();
    const member = newMember();
    await h.register(browser, member);
    const refreshOnly = `${REFRESH_COOKIE}=${browser.jar.get(REFRESH_COOKIE)}`;
    const response = await h.gateway.app.request(`${ORIGIN}/api/session`, {
      headers: { cookie: refreshOnly },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).user.username).toBe(member.username);
    expect(response.headers.getSetCookie().join('\n')).toContain(`${SESSION_COOKIE}=`);
  });
});
