import { REFRESH_COOKIE, SESSION_COOKIE } from '@uapqa/service-kit';
import { testBackends } from '@uapqa/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/sessions.js';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('refresh secret rotation ($name)', (backend) => {
  const h = useHarness(backend);
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A renewal with only this refresh secret (the token cookie has expired). */
  const renew = (secret: string) =>
    h.service.app.request('/api/session/refresh', {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${secret}` },
    });
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .split(';')[0];
  const userWith = (token: string | undefined) =>
    h.service.app.request('/api/user', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

  async function registered() {
    const browser = h.visitor();
    expect((await h.register(browser, newMember())).status).toBe(200);
    return browser.jar.get(REFRESH_COOKIE)!;
  }

  it('trades the secret for a new one on every renewal, in cookies and never in the body', async () => {
    const first = await registered();
    const renewed = await renew(first);
    expect(renewed.status).toBe(200);
    const body = await renewed.json();
    expect(body).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(cookieOf(renewed, SESSION_COOKIE));
    const second = cookieOf(renewed, REFRESH_COOKIE);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await userWith(cookieOf(renewed, SESSION_COOKIE))).status).toBe(200);
    const names = renewed.headers.getSetCookie().map((line) => line.split('=')[0]);
    expect(names.sort()).toEqual([REFRESH_COOKIE, SESSION_COOKIE].sort());
    // The new secret renews in turn.
    expect((await renew(second!)).status).toBe(200);
  });

  it('ends the whole session when a spent secret comes back after the grace', async () => {
    const stolen = await registered();
    const legitimate = await renew(stolen);
    const current = cookieOf(legitimate, REFRESH_COOKIE)!;
    const token = cookieOf(legitimate, SESSION_COOKIE);
    expect((await userWith(token)).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    const replay = await renew(stolen);
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toContain('Unauthorized');
    // Both holders are out: the current secret and the token of the session are refused.
    expect((await renew(current)).status).toBe(401);
    expect((await userWith(token)).status).toBe(401);
  });

  it('renews two parallel requests with the same secret (two tabs), and the session lives on', async () => {
    const shared = await registered();
    const [one, two] = await Promise.all([renew(shared), renew(shared)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    for (const response of [one, two]) {
      expect((await userWith(cookieOf(response, SESSION_COOKIE))).status).toBe(200);
    }
    // Exactly one of them traded the secret; the other leaves the browser the new one.
    const secrets = [one, two].map((response) => cookieOf(response, REFRESH_COOKIE));
    const traded = secrets.filter(Boolean);
    expect(traded).toHaveLength(1);
    // A third tab still sending the old secret within the grace is no theft either.
    expect((await renew(shared)).status).toBe(200);
    const next = await renew(traded[0]!);
    expect(next.status).toBe(200);
    expect((await userWith(cookieOf(next, SESSION_COOKIE))).status).toBe(200);
  });

  it('honours only the secret spent last during the grace', async () => {
    const first = await registered();
    const second = cookieOf(await renew(first), REFRESH_COOKIE)!;
    const third = cookieOf(await renew(second), REFRESH_COOKIE)!;
    expect((await renew(first)).status).toBe(401);
    expect((await renew(third)).status).toBe(401);
  });

  it('logs out with a spent secret too', async () => {
    const first = await registered();
    const renewed = await renew(first);
    const logout = await h.service.app.request('/api/logout', {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${first}` },
    });
    expect(logout.status).toBe(200);
    expect((await renew(cookieOf(renewed, REFRESH_COOKIE)!)).status).toBe(401);
  });
});
