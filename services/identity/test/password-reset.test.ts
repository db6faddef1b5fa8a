import {
  PASSWORD_RESET_TTL_MINUTES,
  PasswordChanged,
  PasswordResetRequested,
  readEvent,
  SessionRevoked,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIMITS } from '../src/login-limits.js';
import { passwordResetToken } from '../src/testing.js';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('password reset ($name)', (backend) => {
  const h = useHarness(backend);
  let address = 0;
  afterEach(() => {
    vi.useRealTimers();
  });
  const newAddress = () => `198.51.100.${++address % 250}`;
  const ask = (email: string, from = newAddress()) =>
    h.visitor().post('/api/password-reset', { email }, { 'x-forwarded-for': from });
  const confirm = (token: string, password: string) =>
    h.visitor().post('/api/password-reset/confirm', { token, password });
  const login = (username: string, password: string) =>
    h.visitor().post('/api/login', { username, password }, { 'x-forwarded-for': newAddress() });

  it('answers a known and an unknown address with the same 202; only the known one gets a link', async () => {
    const member = newMember();
    await h.register(h.visitor(), member);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [PasswordResetRequested.type]);
    const known = await ask(member.email);
    const unknown = await ask(`nobody_${member.email}`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.json();
    const unknownBody = await unknown.json();
    expect(knownBody.message.replace(member.email, 'X')).toBe(
      unknownBody.message.replace(`nobody_${member.email}`, 'X'),
    );
    expect(known.headers.getSetCookie()).toEqual(unknown.headers.getSetCookie());
    await eventually(() => expect(events.seen).toHaveLength(1));
    expect(readEvent(PasswordResetRequested, events.seen[0]!).data.email).toBe(member.email);
    await events.stop();
  });

  it('sets the password once with the link, ends every session, and tells the owner', async () => {
    const member = newMember();
    const first = h.visitor();
    await h.register(first, member);
    const second = await h.signedIn(member.username, member.password);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [
      SessionRevoked.type,
      PasswordChanged.type,
    ]);
    const since = new Date(Date.now() - 1000);
    expect((await ask(member.email)).status).toBe(202);
    const token = await passwordResetToken(h.harnessBus.bus, member.email, since);

    const weak = await confirm(token, 'short');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ field: 'password' });

    const done = await confirm(token, 'a brand new password');
    expect(done.status).toBe(200);
    expect((await done.json()).message).toMatch(/sign in with your new password/);
    // Both browsers are out at once, and SessionRevoked told every process.
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(401);
    await eventually(() => {
      expect(events.seen.filter((e) => e.type === SessionRevoked.type)).toHaveLength(2);
      expect(events.seen.filter((e) => e.type === PasswordChanged.type)).toHaveLength(1);
    });
    const changed = events.seen.find((e) => e.type === PasswordChanged.type)!;
    expect(readEvent(PasswordChanged, changed).data).toMatchObject({
      email: member.email,
      how: 'reset',
    });
    await events.stop();

    expect((await login(member.username, member.password)).status).toBe(401);
    expect((await login(member.username, 'a brand new password')).status).toBe(200);
    const again = await confirm(token, 'yet another password');
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ reason: 'used' });
    expect((await confirm(`${token}x`, 'yet another password')).status).toBe(400);
  });

  it('refuses a link after an hour', async () => {
    const member = newMember();
    await h.register(h.visitor(), member);
    const since = new Date(Date.now() - 1000);
    expect((await ask(member.email)).status).toBe(202);
    const token = await passwordResetToken(h.harnessBus.bus, member.email, since);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (PASSWORD_RESET_TTL_MINUTES * 60 + 1) * 1000);
    const late = await confirm(token, 'a brand new password');
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({
      reason: 'expired',
      message: expect.stringMatching(/has expired.*ask for a new one/),
    });
    vi.useRealTimers();
    expect((await login(member.username, member.password)).status).toBe(200);
  });

  it('mails an account a few links an hour, then limits the address with 429 whoever it is', async () => {
    const member = newMember();
    await h.register(h.visitor(), member);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [PasswordResetRequested.type]);
    const unknown = `nobody_${member.email}`;
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerAddress.points; i++) {
      expect((await ask(member.email)).status).toBe(202);
      expect((await ask(unknown)).status).toBe(202);
    }
    const over = await ask(member.email);
    const overUnknown = await ask(unknown);
    expect(over.status).toBe(429);
    expect(overUnknown.status).toBe(429);
    expect(await over.json()).toEqual(await overUnknown.json());
    expect(over.headers.get('retry-after')).toBeTruthy();
    // Past the account's own limit, requests were answered the same and mailed nothing.
    await eventually(() => expect(events.seen).toHaveLength(ACCOUNT_LIMITS.resetPerAccount.points));
    await events.stop();
  });

  it('limits requests per client address', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerIp.points; i++) {
      expect((await ask(`someone${i}@example.com`, from)).status).toBe(202);
    }
    expect((await ask('someone.else@example.com', from)).status).toBe(429);
  });
});
