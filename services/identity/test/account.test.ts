import {
  EmailChangeRequested,
  PasswordChanged,
  readEvent,
  UserEmailChanged,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { emailChangeToken } from '../src/testing.js';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('the account page ($name)', (backend) => {
  const h = useHarness(backend);
  let address = 0;
  const login = (username: string, password: string) =>
    h
      .visitor()
      .post(
        '/api/login',
        { username, password },
        { 'x-forwarded-for': `198.51.100.${++address % 250}` },
      );

  it('changes the password only with the current one; other sessions end, this one stays', async () => {
    const member = newMember();
    const here = h.visitor();
    await h.register(here, member);
    const elsewhere = await h.signedIn(member.username, member.password);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [PasswordChanged.type]);

    const wrong = await here.post('/api/account/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'currentPassword' });
    expect((await elsewhere.get('/api/user')).status).toBe(200);

    const changed = await here.post('/api/account/password', {
      currentPassword: member.password,
      newPassword: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await login(member.username, member.password)).status).toBe(401);
    expect((await login(member.username, 'a brand new password')).status).toBe(200);
    await eventually(() => expect(events.seen).toHaveLength(1));
    expect(readEvent(PasswordChanged, events.seen[0]!).data.how).toBe('changed');
    await events.stop();
    expect((await h.visitor().post('/api/account/password', {})).status).toBe(401);
  });

  it('moves the account to a new address only once its link is opened; the old one is told', async () => {
    const member = newMember();
    const here = h.visitor();
    const user = await (await h.register(here, member)).json();
    const events = await recordEvents(h.harnessBus.bus, 'identity', [
      EmailChangeRequested.type,
      UserEmailChanged.type,
    ]);
    const newEmail = `new_${member.email}`;
    const wrong = await here.post('/api/account/email', { email: newEmail, password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'password' });

    const since = new Date(Date.now() - 1000);
    const asked = await here.post('/api/account/email', {
      email: newEmail,
      password: member.password,
    });
    expect(asked.status).toBe(202);
    const token = await emailChangeToken(h.harnessBus.bus, newEmail, since);
    // Until the link is opened, the account keeps its address.
    expect((await (await here.get('/api/user')).json()).email).toBe(member.email);
    const requested = readEvent(EmailChangeRequested, events.seen[0]!).data;
    expect(requested).toMatchObject({ currentEmail: member.email, newEmail });

    const confirmed = await h.visitor().post('/api/account/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: newEmail });
    expect((await (await here.get('/api/user')).json()).email).toBe(newEmail);
    expect((await login(newEmail, member.password)).status).toBe(200);
    expect((await login(member.email, member.password)).status).toBe(401);
    await eventually(() =>
      expect(events.seen.map((event) => event.type)).toContain(UserEmailChanged.type),
    );
    const moved = events.seen.find((event) => event.type === UserEmailChanged.type)!;
    expect(readEvent(UserEmailChanged, moved).data).toMatchObject({
      userId: user.id,
      email: newEmail,
      previousEmail: member.email,
    });
    await events.stop();
    const again = await h.visitor().post('/api/account/email/confirm', { token });
    expect(again.status).toBe(410);
  });

  it("answers a move to another account's address as any other, and sends it no link", async () => {
    const member = newMember();
    const other = newMember();
    const here = h.visitor();
    await h.register(here, member);
    await h.register(h.visitor(), other);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [EmailChangeRequested.type]);
    const taken = await here.post('/api/account/email', {
      email: other.email,
      password: member.password,
    });
    const free = await here.post('/api/account/email', {
      email: `free_${member.email}`,
      password: member.password,
    });
    expect(taken.status).toBe(free.status);
    expect((await taken.json()).message.replace(other.email, 'X')).toBe(
      (await free.json()).message.replace(`free_${member.email}`, 'X'),
    );
    await eventually(() => expect(events.seen).toHaveLength(2));
    const toTaken = readEvent(EmailChangeRequested, events.seen[0]!).data;
    expect(toTaken).toMatchObject({ newEmail: other.email, token: null });
    await events.stop();
    const same = await here.post('/api/account/email', {
      email: member.email,
      password: member.password,
    });
    expect(same.status).toBe(400);
  });
});
