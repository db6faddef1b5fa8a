import { UserRegistered } from '@uapqa/contracts';
import { eventually, testBackends } from '@uapqa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityHarness, newMember, startHarness } from './harness.js';

describe.each(testBackends())('registration and login ($name)', (backend) => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('refuses a taken username (any case) and a taken email with 400 and a clear message', async () => {
    const member = newMember();
    expect((await h.visitor().post('/api/register', member)).status).toBe(201);

    const sameName = await h.visitor().post('/api/register', {
      ...newMember(),
      username: member.username.toUpperCase(),
    });
    expect(sameName.status).toBe(400);
    expect(await sameName.json()).toEqual({
      message: 'This username is already taken.',
      field: 'username',
    });

    const sameEmail = await h
      .visitor()
      .post('/api/register', { ...newMember(), email: member.email.toUpperCase() });
    expect(sameEmail.status).toBe(400);
    expect((await sameEmail.json()).message).toBe('An account with this email already exists.');
  });

  it('lets exactly one of two simultaneous sign-ups with one username through', async () => {
    const member = newMember();
    const results = await Promise.all([
      h.visitor().post('/api/register', member),
      h.visitor().post('/api/register', { ...member, email: `other_${member.email}` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
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
      const response = await h.visitor().post('/api/register', body);
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
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body must be valid JSON.' });
  });

  it('publishes UserRegistered with the new account', async () => {
    const seen: unknown[] = [];
    const watcher = await h.harnessBus.bus.watch({
      stream: 'identity',
      types: [UserRegistered.type],
      handler: async (event) => {
        seen.push(event.data);
      },
    });
    const member = newMember();
    const created = await (await h.visitor().post('/api/register', member)).json();
    await eventually(() =>
      expect(seen).toContainEqual(
        expect.objectContaining({ userId: created.id, username: member.username, role: 'user' }),
      ),
    );
    await watcher.stop();
  });

  it('logs in by username or email; a wrong password and an unknown user get the same 401', async () => {
    const member = newMember();
    await h.visitor().post('/api/register', member);
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
    await h.visitor().post('/api/register', member);
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
    await h.visitor().post('/api/register', newMember());
    const after = (await (await h.visitor().get('/api/member-count')).json()).count;
    expect(after).toBe(before + 1);
  });
});
