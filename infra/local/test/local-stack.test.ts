import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../src/stack.js';
import { type IsolatedStack, realServersConfigured, startIsolatedStack } from './support.js';

describe.runIf(realServersConfigured)('distributed local mode (real PostgreSQL and NATS)', () => {
  let isolated: IsolatedStack;
  let stack: LocalStack;

  beforeAll(async () => {
    isolated = await startIsolatedStack('local');
    stack = isolated.stack;
  }, 90_000);

  afterAll(async () => {
    await isolated?.cleanup();
  });

  it('runs each service as its own process behind the gateway', async () => {
    const health = await (await fetch(`${stack.url}/api/health`)).json();
    expect(health.services.identity).toBe('ready');
    expect(stack.processes.map((p) => p.name)).toEqual([
      'identity',
      'billing',
      'questions',
      'moderation',
      'notifications',
      'gateway',
    ]);
    expect(health.services.billing).toBe('ready');
  });

  it('creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD and enforces logout across processes', async () => {
    const login = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'test-admin-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const me = await (await fetch(`${stack.url}/api/user`, { headers: { cookie } })).json();
    expect(me).toMatchObject({ username: 'admin', role: 'admin' });

    expect(
      (await fetch(`${stack.url}/api/logout`, { method: 'POST', headers: { cookie } })).status,
    ).toBe(200);
    const after = await fetch(`${stack.url}/api/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });
});
