import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, registerVerified } from '@uapqa/identity/testing';
import { REFRESH_COOKIE, SESSION_COOKIE } from '@uapqa/service-kit';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import {
  type CryptoKey,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fill, keyOf, publicEndpoints } from './routes.js';
import { DEMO_PASSWORD, ORIGIN, type SecurityStack, startSecurityStack } from './stack.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The same claims with another header and no signature, or with a forged signature. */
function forgeries(token: string, attackerKey: CryptoKey): Promise<Record<string, string>> {
  const claims = decodeJwt(token) as JWTPayload & Record<string, unknown>;
  const { kid } = decodeProtectedHeader(token);
  const [header, payload, signature] = token.split('.');
  const asAdmin = { ...claims, role: 'admin' };
  const signWith = (key: CryptoKey, body: JWTPayload, keyId: string | undefined) =>
    new SignJWT(body)
      .setProtectedHeader({ alg: 'EdDSA', ...(keyId ? { kid: keyId } : {}) })
      .sign(key);
  return (async () => ({
    'alg none': new UnsecuredJWT(claims).encode(),
    'alg none, role admin': new UnsecuredJWT(asAdmin).encode(),
    'alg none, signature kept': `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    'alg NONE, no signature': `${b64url({ alg: 'NONE', kid })}.${payload}.`,
    'alg HS256 keyed with the public key id': `${b64url({ alg: 'HS256', kid })}.${payload}.${signature}`,
    'signed with a wrong Ed25519 key, real kid': await signWith(attackerKey, claims, kid),
    'signed with a wrong Ed25519 key, role admin': await signWith(attackerKey, asAdmin, kid),
    'signed with a wrong Ed25519 key, no kid': await signWith(attackerKey, claims, undefined),
    'role changed, signature kept': `${header}.${b64url(asAdmin)}.${signature}`,
    'signature stripped': `${header}.${payload}.`,
    garbage: 'not.a.jwt',
  }))();
}

describe.each(testBackends())('session tokens and login ($name)', (backend) => {
  let stack: SecurityStack;
  let attackerKey: CryptoKey;
  beforeAll(async () => {
    stack = await startSecurityStack(backend);
    ({ privateKey: attackerKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' }));
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fresh login (its own session) of a demo account: its token and refresh secret. */
  async function login(username: string) {
    const browser = stack.visitor();
    expect((await browser.post('/api/login', { username, password: DEMO_PASSWORD })).status).toBe(
      200,
    );
    return {
      browser,
      token: browser.jar.get(SESSION_COOKIE)!,
      refresh: browser.jar.get(REFRESH_COOKIE)!,
    };
  }

  const viaGatewayCookie = (token: string, path = '/api/user') =>
    stack.gateway.app.request(`${ORIGIN}${path}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
  const viaGatewayBearer = (token: string, path = '/api/user') =>
    stack.gateway.app.request(`${ORIGIN}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  /** Straight to a service, as another service (or an attacker inside the network) would. */
  const viaService = (
    token: string,
    service: 'questions' | 'billing' | 'moderation',
    path: string,
  ) =>
    stack.services[service]!.app.request(`http://${service}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  async function expectRefused(response: Response, what: string) {
    expect(response.status, what).toBe(401);
    expect((await response.json()).message, what).toContain('Unauthorized');
  }

  /** Questions and billing, which check a session's token themselves, refuse `token`. */
  async function expectServicesRefuse(token: string, why: string) {
    await expectRefused(
      await viaService(token, 'questions', '/api/my-questions'),
      `${why} (questions)`,
    );
    await expectRefused(
      await viaService(token, 'billing', '/api/billing/account'),
      `${why} (billing)`,
    );
  }

  it('accepts a genuine token at the gateway and at a service (the control)', async () => {
    const { token } = await login('member');
    expect((await viaGatewayCookie(token)).status).toBe(200);
    expect((await viaGatewayBearer(token)).status).toBe(200);
    expect((await viaService(token, 'questions', '/api/my-questions')).status).toBe(200);
    expect((await viaService(token, 'billing', '/api/billing/account')).status).toBe(200);
  });

  it('refuses alg none, a wrong signing key and tampered claims, at the gateway and at the services', async () => {
    const { token } = await login('member');
    const { token: moderatorToken } = await login('moderator');
    for (const [what, forged] of Object.entries(await forgeries(token, attackerKey))) {
      await expectRefused(await viaGatewayCookie(forged), `${what} (gateway, cookie)`);
      await expectRefused(await viaGatewayBearer(forged), `${what} (gateway, bearer)`);
      await expectRefused(
        await viaGatewayBearer(forged, '/api/admin/users'),
        `${what} (gateway, admin route)`,
      );
      await expectRefused(
        await viaService(forged, 'questions', '/api/my-questions'),
        `${what} (questions)`,
      );
      await expectRefused(
        await viaService(forged, 'billing', '/api/billing/account'),
        `${what} (billing)`,
      );
    }
    for (const [what, forged] of Object.entries(await forgeries(moderatorToken, attackerKey))) {
      await expectRefused(
        await viaService(forged, 'moderation', '/api/admin/questions/pending'),
        `${what} (moderation)`,
      );
    }
  });

  it('refuses an expired token (no refresh cookie) at the gateway and at a service', async () => {
    const { token } = await login('member');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    await expectRefused(await viaGatewayCookie(token), 'expired (gateway, cookie)');
    await expectRefused(await viaGatewayBearer(token), 'expired (gateway, bearer)');
    await expectServicesRefuse(token, 'expired');
  });

  it('refuses a revoked session: the old cookies after logout, and its token at a service', async () => {
    const { browser, token, refresh } = await login('member');
    const stolen = browser.jar.clone();
    expect((await browser.post('/api/logout')).status).toBe(200);
    const replay = await stack.gateway.app.request(`${ORIGIN}/api/user`, {
      headers: { cookie: stolen.header() },
    });
    await expectRefused(replay, 'old session and refresh cookies (gateway)');
    await expectRefused(await viaGatewayBearer(token), 'old token as bearer (gateway)');
    const renewal = await stack.gateway.app.request(`${ORIGIN}/api/session/refresh`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: `${REFRESH_COOKIE}=${refresh}` },
    });
    await expectRefused(renewal, 'old refresh cookie (identity)');
    // Services learn of the logout from the bus.
    await eventually(() => expectServicesRefuse(token, 'revoked'));
  });

  it('answers a login for an unknown user exactly as one with a wrong password', async () => {
    const send = (username: string) =>
      stack.gateway.app.request(`${ORIGIN}/api/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'not-the-password-1' }),
      });
    const unknown = await send(`nobody_${Date.now().toString(36)}`);
    const wrong = await send('dana');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(unknown.headers.getSetCookie()).toEqual(wrong.headers.getSetCookie());
    expect(unknown.headers.get('content-type')).toBe(wrong.headers.get('content-type'));
  });

  /** The names a response sets more than once (a browser keeps only the last of each). */
  const repeatedCookies = (response: Response) => {
    const names = response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('=')));
    return names.filter((name, at) => names.indexOf(name) !== at);
  };

  it.each([
    ['an expired token and a live refresh cookie', false],
    ['a live token and refresh cookie', true],
  ])(
    'signs in as another account from a browser holding %s, and stays that account',
    async (_what, keepToken) => {
      const previous = await login('member');
      const browser = stack.visitor();
      browser.jar.set(REFRESH_COOKIE, previous.refresh);
      if (keepToken) browser.jar.set(SESSION_COOKIE, previous.token);
      const signIn = await browser.post('/api/login', {
        username: 'moderator',
        password: DEMO_PASSWORD,
      });
      expect(signIn.status).toBe(200);
      expect(repeatedCookies(signIn)).toEqual([]);
      const me = await browser.get('/api/user');
      expect(me.status).toBe(200);
      expect((await me.json()).username).toBe('moderator');
      // The replaced session is over: its refresh cookie no longer signs anyone in.
      const replay = await stack.gateway.app.request(`${ORIGIN}/api/user`, {
        headers: { cookie: `${REFRESH_COOKIE}=${previous.refresh}` },
      });
      expect(replay.status).toBe(401);
    },
  );

  it('signs a new account in from a browser holding another session, and stays the new account', async () => {
    const previous = await login('member');
    const browser = stack.visitor();
    browser.jar.set(REFRESH_COOKIE, previous.refresh);
    const username = `switch_${Date.now().toString(36)}`;
    const confirmed = await registerVerified(browser, stack.bus.bus, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
    });
    expect(confirmed.status).toBe(200);
    expect(repeatedCookies(confirmed)).toEqual([]);
    expect((await (await browser.get('/api/user')).json()).username).toBe(username);
  });

  it('never gives a page script the token, and sets each cookie once per response', async () => {
    const { browser, refresh } = await login('member');
    const refreshOnly = { cookie: `${REFRESH_COOKIE}=${refresh}` };
    const direct = await stack.gateway.app.request(`${ORIGIN}/api/session/refresh`, {
      method: 'POST',
      headers: { origin: ORIGIN, ...refreshOnly },
    });
    expect(direct.status).toBe(200);
    const text = await direct.text();
    const token = parseSetCookies(direct).get(SESSION_COOKIE);
    expect(token).toBeDefined();
    expect(text).not.toMatch(/"token"/);
    for (const line of direct.headers.getSetCookie()) {
      expect(text).not.toContain(line.slice(line.indexOf('=') + 1).split(';')[0]);
    }
    const renewedSecret = direct.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${REFRESH_COOKIE}=`))!;
    const renewedOnTheFly = await stack.gateway.app.request(`${ORIGIN}/api/user`, {
      headers: { cookie: renewedSecret.split(';')[0]! },
    });
    expect(renewedOnTheFly.status).toBe(200);
    expect(renewedOnTheFly.headers.getSetCookie().length).toBeGreaterThan(0);
    const loginAgain = await browser.post('/api/login', {
      username: 'member',
      password: DEMO_PASSWORD,
    });
    const logout = await browser.post('/api/logout');
    const verifyEmail = await registerVerified(stack.visitor(), stack.bus.bus, {
      username: `once_${Date.now().toString(36)}`,
      email: `once_${Date.now().toString(36)}@example.com`,
      password: 'correct horse battery',
    });
    for (const [what, response] of Object.entries({
      direct,
      renewedOnTheFly,
      loginAgain,
      logout,
      verifyEmail,
    })) {
      expect(response.status, what).toBeLessThan(300);
      expect(response.headers.getSetCookie().length, what).toBeGreaterThan(0);
      expect(repeatedCookies(response), what).toEqual([]);
    }
  });

  it('marks every answer to a signed-in caller no-store, unless its owner made it public', async () => {
    const { endpoints } = publicEndpoints(stack);
    const reads = endpoints.filter((endpoint) => endpoint.method === 'GET');
    const failures: string[] = [];
    for (const principal of ['member', 'expert', 'moderator', 'admin'] as const) {
      for (const endpoint of reads) {
        const response = await stack.send(
          principal,
          fill(endpoint.path, () => '1'),
          {
            redirect: 'manual',
          },
        );
        const rule = response.headers.get('cache-control') ?? '(none)';
        if (!/no-store|(^|[\s,])public([\s,]|$)/.test(rule)) {
          failures.push(`${keyOf(endpoint)} as ${principal}: ${response.status} ${rule}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The personal ones, answered: never kept.
    for (const [principal, path] of [
      ['member', '/api/user'],
      ['member', '/api/session'],
      ['member', '/api/my-questions'],
      ['member', '/api/billing/account'],
      ['expert', '/api/creator/questions'],
      ['expert', '/api/billing/earnings'],
      ['admin', '/api/admin/users'],
      ['admin', '/api/admin/expert-applications'],
      ['moderator', '/api/admin/questions/pending'],
      ['moderator', '/api/billing/stats'],
      ['moderator', '/api/admin/stats'],
    ] as const) {
      const response = await stack.send(principal, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('sets the session cookies HttpOnly, SameSite=Lax, not Secure over http by default', async () => {
    const response = await stack.gateway.app.request(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'moderator', password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookies = parseSetCookies(response);
    for (const name of [SESSION_COOKIE, REFRESH_COOKIE]) {
      expect(cookies.get(name)?.flags).toContain('httponly');
      expect(cookies.get(name)?.attributes.get('samesite')).toBe('lax');
      expect(cookies.get(name)?.flags).not.toContain('secure');
    }
  });
});

/** Each Set-Cookie by name: its attributes (lower-cased names and values) and bare flags. */
function parseSetCookies(response: Response) {
  const cookies = new Map<string, { attributes: Map<string, string>; flags: string[] }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...parts] = line.split(';').map((part) => part.trim());
    const name = pair!.slice(0, pair!.indexOf('='));
    const attributes = new Map<string, string>();
    const flags: string[] = [];
    for (const part of parts) {
      const at = part.indexOf('=');
      if (at < 0) flags.push(part.toLowerCase());
      else attributes.set(part.slice(0, at).toLowerCase(), part.slice(at + 1).toLowerCase());
    }
    cookies.set(name, { attributes, flags });
  }
  return cookies;
}

describe.each(testBackends())('session cookie flags on an https site ($name)', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    // Secure follows the site's address: nobody has to remember COOKIE_SECURE.
    stack = await startTestStack(backend, [
      identityForTests(DEMO_PASSWORD, { PUBLIC_URL: 'https://uap.example' }),
    ]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('are HttpOnly, SameSite=Lax, Secure, scoped to / (token) and /api (refresh), on login and logout', async () => {
    const browser = stack.visitor();
    const login = await browser.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const logout = await browser.post('/api/logout');
    expect(logout.status).toBe(200);
    for (const [what, response] of [
      ['login', login],
      ['logout', logout],
    ] as const) {
      const cookies = parseSetCookies(response);
      for (const [name, path] of [
        [SESSION_COOKIE, '/'],
        [REFRESH_COOKIE, '/api'],
      ]) {
        const cookie = cookies.get(name!);
        expect(cookie, `${what} sets ${name}`).toBeDefined();
        expect(cookie!.attributes.get('path'), `${what} ${name}`).toBe(path);
        expect(cookie!.flags, `${what} ${name}`).toContain('secure');
        if (what === 'login') {
          expect(cookie!.flags, `${what} ${name}`).toContain('httponly');
          expect(cookie!.attributes.get('samesite'), `${what} ${name}`).toBe('lax');
        }
      }
    }
    // A renewal sets the token cookie with the same flags.
    const again = stack.visitor();
    await again.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    const renewed = await stack.gateway.app.request(`${ORIGIN}/api/user`, {
      headers: { cookie: `${REFRESH_COOKIE}=${again.jar.get(REFRESH_COOKIE)}` },
    });
    expect(renewed.status).toBe(200);
    const token = parseSetCookies(renewed).get(SESSION_COOKIE);
    expect(token?.flags).toEqual(expect.arrayContaining(['httponly', 'secure']));
    expect(token?.attributes.get('samesite')).toBe('lax');
    expect(token?.attributes.get('path')).toBe('/');
  });
});
