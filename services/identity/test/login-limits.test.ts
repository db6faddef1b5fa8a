import { testBackends } from '@uapqa/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS } from '../src/login-limits.js';
import { newMember, useHarness } from './harness.js';

const { freeFailures } = LOGIN_LIMITS.perAccount;

describe.each(testBackends())('login limits per account ($name)', (backend) => {
  const h = useHarness(backend);
  let address = 0;
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A new client address each call (identity trusts the gateway's X-Forwarded-For). */
  const newAddress = () => `203.0.113.${++address}`;
  const login = (username: string, password: string, from: string) =>
    h.visitor().post('/api/login', { username, password }, { 'x-forwarded-for': from });

  async function member() {
    const account = newMember();
    expect((await h.register(h.visitor(), account)).status).toBe(200);
    return account;
  }

  it('counts the account, not what was typed: alternating username and email does not double the limit', async () => {
    const account = await member();
    const from = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddressAndAccount.points + 1; attempt++) {
      const typed = attempt % 2 === 0 ? account.username : account.email;
      statuses.push((await login(typed, 'guess guess', from)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await login(account.email, account.password, from)).status).toBe(429);
  });

  it('slows guessing spread over many addresses with a growing Retry-After', async () => {
    const account = await member();
    for (let attempt = 0; attempt < freeFailures; attempt++) {
      expect((await login(account.username, 'guess guess', newAddress())).status).toBe(401);
    }
    const slowed = await login(account.email, 'guess guess', newAddress());
    expect(slowed.status).toBe(429);
    expect((await slowed.json()).message).toMatch(/Too many failed login attempts/);
    const firstWait = Number(slowed.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThanOrEqual(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + firstWait * 1000);
    expect((await login(account.username, 'guess guess', newAddress())).status).toBe(401);
    const again = await login(account.username, 'guess guess', newAddress());
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });

  it('does not lock the owner out: after the delay the right password gets in from another address', async () => {
    const account = await member();
    const attacker = newAddress();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddressAndAccount.points; attempt++) {
      expect((await login(account.username, 'guess guess', attacker)).status).toBe(401);
    }
    // The attacker's address is blocked for this account; the account as a whole is slowed.
    expect((await login(account.username, account.password, attacker)).status).toBe(429);
    const owner = newAddress();
    const waiting = await login(account.username, account.password, owner);
    expect(waiting.status).toBe(429);
    const wait = Number(waiting.headers.get('retry-after'));
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.maxDelaySeconds);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + wait * 1000);
    const signedIn = await login(account.username, account.password, owner);
    expect(signedIn.status).toBe(200);
    // A success clears the slow-down: the next wrong password is an ordinary 401.
    expect((await login(account.email, 'guess guess', newAddress())).status).toBe(401);
  });
});
