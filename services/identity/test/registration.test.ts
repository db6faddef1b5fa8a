import {
  EMAIL_VERIFICATION_TTL_HOURS,
  EmailVerificationRequested,
  readEvent,
  SignUpWithExistingEmail,
  UserRegistered,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_LIMITS } from '../src/login-limits.js';
import { verificationToken } from '../src/testing.js';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('registration and login ($name)', (backend) => {
  const h = useHarness(backend);
  let address = 0;
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A new client address each call (identity trusts the gateway's X-Forwarded-For). */
  const newAddress = () => `198.51.100.${++address % 250}`;
  const register = (body: unknown, from = newAddress()) =>
    h.visitor().post('/api/register', body, { 'x-forwarded-for': from });

  /** Every identity event of the given types from now on, in the order published. */
  const identityEvents = (types: string[]) => recordEvents(h.harnessBus.bus, 'identity', types);

  it('answers a sign-up 202 with a sentence and no cookie, and mails only the link until it is opened', async () => {
    const events = await identityEvents([EmailVerificationRequested.type, UserRegistered.type]);
    const member = newMember();
    const since = new Date(Date.now() - 1000);
    const response = await register(member);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message: `We sent a link to ${member.email}. Open it to finish creating your account.`,
    });
    expect(response.headers.getSetCookie()).toEqual([]);

    // Not signed in, and the right password is not enough before the address is confirmed.
    const early = await h
      .visitor()
      .post('/api/login', { username: member.username, password: member.password });
    expect(early.status).toBe(403);
    expect((await early.json()).message).toMatch(/^Please confirm your email address first/);

    const token = await verificationToken(h.harnessBus.bus, member.email, since);
    const browser = h.visitor();
    const verified = await browser.post('/api/verify-email', {
      token,
      password: member.password,
    });
    expect(verified.status).toBe(200);
    const user = await verified.json();
    expect(user).toMatchObject({ username: member.username, email: member.email, role: 'user' });
    expect(verified.headers.getSetCookie().join('\n')).toMatch(/session=[^;]+;.*HttpOnly/);
    expect(await (await browser.get('/api/user')).json()).toEqual(user);

    // The account is announced (and may be mailed) only once its address is confirmed.
    await eventually(() =>
      expect(
        events.seen
          .filter((event) => (event.data as { userId: number }).userId === user.id)
          .map((event) => event.type),
      ).toEqual([EmailVerificationRequested.type, UserRegistered.type]),
    );
    const announced = readEvent(UserRegistered, events.seen.at(-1)!).data;
    expect(announced).toMatchObject({ userId: user.id, username: member.username, role: 'user' });
    await events.stop();

    const login = await h
      .visitor()
      .post('/api/login', { username: member.email, password: member.password });
    expect(login.status).toBe(200);
  });

  it('opens a link once; a used, unknown or expired link gets a sentence saying what to do', async () => {
    const member = newMember();
    const since = new Date(Date.now() - 1000);
    expect((await register(member)).status).toBe(202);
    const token = await verificationToken(h.harnessBus.bus, member.email, since);
    const confirm = (body: { token: string }, password = member.password) =>
      h.visitor().post('/api/verify-email', { ...body, password });
    expect((await confirm({ token })).status).toBe(200);

    const again = await confirm({ token });
    expect(again.status).toBe(410);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await again.json()).toMatchObject({
      message: expect.stringMatching(/already been used.*please sign in/),
      field: 'token',
      reason: 'used',
    });

    const unknown = await confirm({ token: `${token}x` });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      message: expect.stringMatching(/^This confirmation link is not valid/),
      field: 'token',
    });
    const empty = await h.visitor().post('/api/verify-email', {});
    expect(empty.status).toBe(400);

    const late = newMember();
    const lateSince = new Date(Date.now() - 1000);
    expect((await register(late)).status).toBe(202);
    const lateToken = await verificationToken(h.harnessBus.bus, late.email, lateSince);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (EMAIL_VERIFICATION_TTL_HOURS * 3600 + 1) * 1000);
    const expired = await confirm({ token: lateToken }, late.password);
    expect(expired.status).toBe(410);
    expect((await expired.json()).message).toMatch(/has expired.*ask for a new one/);
    vi.useRealTimers();

    // A new link, asked for by username or address, works where the expired one did not.
    const resendSince = new Date(Date.now() - 1000);
    const resent = await h
      .visitor()
      .post(
        '/api/verify-email/resend',
        { username: late.username },
        { 'x-forwarded-for': newAddress() },
      );
    expect(resent.status).toBe(202);
    const fresh = await verificationToken(h.harnessBus.bus, late.email, resendSince, lateToken);
    expect((await confirm({ token: fresh }, late.password)).status).toBe(200);
  });

  it('answers a sign-up with a known address as a new one, creates nothing, and tells the owner', async () => {
    const owner = newMember();
    const ownerUser = await (await h.register(h.visitor(), owner)).json();
    const events = await identityEvents([
      SignUpWithExistingEmail.type,
      EmailVerificationRequested.type,
    ]);
    const before = (await (await h.visitor().get('/api/member-count')).json()).count;

    const intruder = { ...newMember(), email: owner.email.toUpperCase() };
    const response = await register(intruder);
    const fresh = await register(newMember());
    expect(response.status).toBe(fresh.status);
    expect(Object.keys(await response.json())).toEqual(Object.keys(await fresh.json()));
    expect(response.headers.getSetCookie()).toEqual([]);

    await eventually(() =>
      expect(events.seen.map((event) => event.type)).toContain(SignUpWithExistingEmail.type),
    );
    const told = events.seen.find((event) => event.type === SignUpWithExistingEmail.type)!;
    expect(readEvent(SignUpWithExistingEmail, told).data).toEqual({
      userId: ownerUser.id,
      email: owner.email,
      username: owner.username,
      firstName: owner.firstName,
    });
    // No link for a confirmed address: nothing to confirm, and nobody else gets in with it.
    expect(
      events.seen.filter(
        (event) =>
          event.type === EmailVerificationRequested.type &&
          (event.data as { email: string }).email === owner.email,
      ),
    ).toEqual([]);
    await events.stop();
    const intruderLogin = await h
      .visitor()
      .post('/api/login', { username: intruder.username, password: intruder.password });
    expect(intruderLogin.status).toBe(401);
    // Neither sign-up added a member: one address is known, the other not confirmed yet.
    const after = (await (await h.visitor().get('/api/member-count')).json()).count;
    expect(after).toBe(before);
  });

  it('replaces a pending sign-up with a later one for the same address; its links die', async () => {
    const member = newMember();
    const since = new Date(Date.now() - 1000);
    expect((await register(member)).status).toBe(202);
    const first = await verificationToken(h.harnessBus.bus, member.email, since);
    const again = { ...member, username: `${member.username}_2`, password: 'another password' };
    expect((await register(again)).status).toBe(202);
    const second = await verificationToken(h.harnessBus.bus, member.email, since, first);
    const replaced = await h
      .visitor()
      .post('/api/verify-email', { token: first, password: member.password });
    expect(replaced.status).toBe(400);
    const verified = await h
      .visitor()
      .post('/api/verify-email', { token: second, password: again.password });
    expect(verified.status).toBe(200);
    expect((await verified.json()).username).toBe(again.username);
  });

  it('never leaves a password the owner did not choose on a confirmed address', async () => {
    // Someone signs up first with the owner's address and a password of their own.
    const owner = newMember();
    const attacker = { ...newMember(), email: owner.email, password: 'attacker password' };
    const since = new Date(Date.now() - 1000);
    expect((await register(attacker)).status).toBe(202);
    const attackersLink = await verificationToken(h.harnessBus.bus, owner.email, since);

    // The owner opens that link (it reached their inbox): without the attacker's password, it
    // confirms nothing, and says what to do.
    const refused = await h
      .visitor()
      .post('/api/verify-email', { token: attackersLink, password: owner.password });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      field: 'password',
      message: expect.stringMatching(/sign up again with your own password/),
    });
    const early = await h
      .visitor()
      .post('/api/login', { username: attacker.username, password: attacker.password });
    expect(early.status).toBe(403);

    // The owner signs up with their own password: it replaces the attacker's sign-up.
    const ownSince = new Date(Date.now() - 1000);
    expect((await register(owner)).status).toBe(202);
    const ownLink = await verificationToken(h.harnessBus.bus, owner.email, ownSince, attackersLink);
    const confirmed = await h
      .visitor()
      .post('/api/verify-email', { token: ownLink, password: owner.password });
    expect(confirmed.status).toBe(200);

    // The attacker's password never opens the account, by username or address, nor their link.
    for (const username of [attacker.username, owner.username, owner.email]) {
      const login = await h
        .visitor()
        .post(
          '/api/login',
          { username, password: attacker.password },
          { 'x-forwarded-for': newAddress() },
        );
      expect(login.status).toBe(401);
    }
    const late = await h
      .visitor()
      .post('/api/verify-email', { token: attackersLink, password: attacker.password });
    expect(late.status).toBe(400);
    const ownerLogin = await h
      .visitor()
      .post('/api/login', { username: owner.email, password: owner.password });
    expect(ownerLogin.status).toBe(200);
  });

  it('still says a username is taken (any case): usernames are public', async () => {
    const member = newMember();
    expect((await h.register(h.visitor(), member)).status).toBe(200);
    const sameName = await register({ ...newMember(), username: member.username.toUpperCase() });
    expect(sameName.status).toBe(400);
    expect(await sameName.json()).toEqual({
      message: 'This username is already taken.',
      field: 'username',
    });
  });

  it('lets exactly one of two simultaneous sign-ups with one username through', async () => {
    const member = newMember();
    const results = await Promise.all([
      register(member),
      register({ ...member, email: `other_${member.email}` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 400]);
  });

  it('limits sign-ups per client address with 429 and a sentence', async () => {
    const from = '192.0.2.77';
    const { points } = REGISTRATION_LIMITS.perIp;
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await register(newMember(), from)).status).toBe(202);
    }
    const refused = await register(newMember(), from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe(
      'Too many sign-ups from your network. Please wait an hour and try again.',
    );
    expect((await register(newMember(), '192.0.2.78')).status).toBe(202);
  });

  it('answers a request for a new link the same whatever the account, and limits it', async () => {
    const confirmed = newMember();
    await h.register(h.visitor(), confirmed);
    const resend = (username: string, from = newAddress()) =>
      h.visitor().post('/api/verify-email/resend', { username }, { 'x-forwarded-for': from });
    const known = await resend(confirmed.username);
    const unknown = await resend('nobody_at_all');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());

    const from = '192.0.2.99';
    for (let attempt = 0; attempt < REGISTRATION_LIMITS.resendPerIp.points; attempt++) {
      expect((await resend('nobody_at_all', from)).status).toBe(202);
    }
    const refused = await resend('nobody_at_all', from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many requests for a new link/);
  });

  it.each([
    [{}, 'username', 'Username is required. Email is required. Password is required.'],
    [
      { username: 'ab', email: 'a@example.com', password: 'long enough pw' },
      'username',
      'Username must be at least 3 characters.',
    ],
    [
      { username: 'has space', email: 'a@example.com', password: 'long enough pw' },
      'username',
      'Username may contain only letters, digits, dots, dashes and underscores.',
    ],
    [
      { username: 'valid_name', email: 'not-an-email', password: 'long enough pw' },
      'email',
      /^Please enter a valid email|^Email must be a valid email address\.$/,
    ],
    [
      { username: 'valid_name', email: 'a@example.com', password: 'short' },
      'password',
      'Password must be at least 8 characters.',
    ],
    [{ username: 'valid_name', email: 'a@example.com' }, 'password', 'Password is required.'],
  ])(
    'answers 400 with a sentence and the field for a bad registration %#',
    async (body, field, message) => {
      const response = await register(body);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error.field).toBe(field);
      // Sentences a person reads in the form's toast, without a 'password: ' prefix.
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
    },
  );

  it('answers 400 for a body that is not JSON, and writes nothing', async () => {
    const response = await h.service.app.request('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
      body: '{"username": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body must be valid JSON.' });
  });

  it('logs in by username or email; a wrong password and an unknown user get the same 401', async () => {
    const member = newMember();
    await h.register(h.visitor(), member);
    const byName = await h
      .visitor()
      .post('/api/login', { username: member.username, password: member.password });
    expect(byName.status).toBe(200);
    expect(await byName.json()).toMatchObject({ username: member.username });
    const byEmail = await h
      .visitor()
      .post('/api/login', { username: member.email, password: member.password });
    expect(byEmail.status).toBe(200);

    const wrong = await h
      .visitor()
      .post('/api/login', { username: member.username, password: 'nope nope nope' });
    const unknown = await h
      .visitor()
      .post('/api/login', { username: 'nobody_here', password: 'nope nope nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('answers 400 for a login without a password', async () => {
    const response = await h.visitor().post('/api/login', { username: 'member' });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe('password');
  });

  it('limits password guessing per username with 429 and Retry-After', async () => {
    const member = newMember();
    await h.register(h.visitor(), member);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await h
        .visitor()
        .post('/api/login', { username: member.username, password: 'guess guess' });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect((await response.json()).message).toMatch(/Too many login attempts/);
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too while the account is locked out.
    const locked = await h
      .visitor()
      .post('/api/login', { username: member.username, password: member.password });
    expect(locked.status).toBe(429);
  });

  it('stores passwords with argon2id at OWASP cost, never in clear', async () => {
    const { hashPassword } = await import('../src/passwords.js');
    const stored = await hashPassword('any password at all');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('hashes off the event loop, on threads that yield the CPU to request handling', async () => {
    const { hashPassword, KDF_NICE, kdfThread, verifyPassword } = await import(
      '../src/passwords.js'
    );
    const order: string[] = [];
    const hashed = hashPassword('a password being hashed').then(() => order.push('hashed'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('event loop turned');
    await hashed;
    expect(order).toEqual(['event loop turned', 'hashed']);

    const thread = await kdfThread();
    if (process.platform === 'linux') {
      expect(thread.threadId).not.toBe(process.pid);
      expect(thread.priority).toBe(KDF_NICE);
    }
    const stored = await hashPassword('right');
    expect(await verifyPassword(stored, 'right')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'right')).toBe(false);
    expect(await verifyPassword(null, 'right')).toBe(false);
  });

  it('counts members', async () => {
    const before = (await (await h.visitor().get('/api/member-count')).json()).count;
    await h.register(h.visitor(), newMember());
    const after = (await (await h.visitor().get('/api/member-count')).json()).count;
    expect(after).toBe(before + 1);
  });
});
