import {
  ACCOUNT_INVITATION_TTL_DAYS,
  AccountInvited,
  readEvent,
  UserRegistered,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verificationToken } from '../src/testing.js';
import { newMember, useHarness } from './harness.js';

/** The token of an invitation's link, as its answer gives the path. */
const tokenOf = (invitationPath: string) =>
  new URL(invitationPath, 'http://localhost').searchParams.get('token')!;

describe.each(testBackends())('accounts created by invitation ($name)', (backend) => {
  const h = useHarness(backend);
  afterEach(() => {
    vi.useRealTimers();
  });
  const accept = (token: string, password: string, session = h.visitor()) =>
    session.post('/api/invitations/accept', { token, password });

  it('mails a link with which the invited person chooses the password; the account has its role', async () => {
    const admin = await h.signedIn('admin');
    const person = newMember();
    const events = await recordEvents(h.harnessBus.bus, 'identity', [
      AccountInvited.type,
      UserRegistered.type,
    ]);
    const invited = await admin.post('/api/admin/invitations', {
      email: person.email.toUpperCase(),
      username: person.username,
      firstName: 'Mira',
      role: 'moderator',
    });
    expect(invited.status).toBe(201);
    const invitation = await invited.json();
    expect(invitation).toMatchObject({
      email: person.email,
      username: person.username,
      role: 'moderator',
    });
    expect(invitation.invitationPath).toMatch(/^\/accept-invitation\?token=/);
    const token = tokenOf(invitation.invitationPath);
    await eventually(() => expect(events.seen).toHaveLength(1));
    expect(readEvent(AccountInvited, events.seen[0]!).data).toMatchObject({
      email: person.email,
      role: 'moderator',
      token,
    });

    // Nothing can sign in before the invited person chose a password.
    const early = await h
      .visitor()
      .post('/api/login', { username: person.username, password: person.password });
    expect(early.status).toBe(401);

    const weak = await accept(token, 'short');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ field: 'password' });

    const browser = h.visitor();
    const created = await accept(token, person.password, browser);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      username: person.username,
      email: person.email,
      firstName: 'Mira',
      role: 'moderator',
    });
    expect(await (await browser.get('/api/user')).json()).toMatchObject({ role: 'moderator' });
    await eventually(() => expect(events.seen).toHaveLength(2));
    expect(readEvent(UserRegistered, events.seen[1]!).data).toMatchObject({
      username: person.username,
      role: 'moderator',
    });
    await events.stop();

    const again = await accept(token, 'another long password');
    expect(again.status).toBe(410);
    expect((await again.json()).message).toMatch(/already been used/);
    await h.signedIn(person.username, person.password);
  });

  it('is for admins only', async () => {
    const body = { email: newMember().email, username: newMember().username, role: 'admin' };
    expect((await h.visitor().post('/api/admin/invitations', body)).status).toBe(401);
    for (const who of ['member', 'moderator']) {
      const response = await (await h.signedIn(who)).post('/api/admin/invitations', body);
      expect(response.status).toBe(403);
    }
  });

  it('refuses a name or an address an account holds, and bad input, with the field', async () => {
    const admin = await h.signedIn('admin');
    const member = newMember();
    await h.register(h.visitor(), member);
    const invite = (body: Record<string, unknown>) =>
      admin.post('/api/admin/invitations', { role: 'user', ...body });

    const takenName = await invite({ email: newMember().email, username: member.username });
    expect(takenName.status).toBe(409);
    expect(await takenName.json()).toMatchObject({ field: 'username' });
    const takenEmail = await invite({ email: member.email, username: newMember().username });
    expect(takenEmail.status).toBe(409);
    expect(await takenEmail.json()).toMatchObject({ field: 'email' });
    const badRole = await invite({
      email: newMember().email,
      username: newMember().username,
      role: 'owner',
    });
    expect(badRole.status).toBe(400);
    expect(await badRole.json()).toMatchObject({ field: 'role' });
    const badName = await invite({ email: newMember().email, username: 'a b' });
    expect(badName.status).toBe(400);
    expect(await badName.json()).toMatchObject({ field: 'username' });

    const unknown = await accept('no-such-invitation', 'correct horse battery');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ field: 'token' });
  });

  it('replaces a sign-up still waiting for the same address: the link proves the address', async () => {
    const admin = await h.signedIn('admin');
    const owner = newMember();
    const squatter = newMember({ email: owner.email });
    const since = new Date(Date.now() - 1000);
    // Someone signs up with the invited person's address and never confirms it.
    const squat = await h.visitor().post('/api/register', squatter);
    expect(squat.status).toBe(202);
    const squatterLink = await verificationToken(h.harnessBus.bus, owner.email, since);

    const invited = await admin.post('/api/admin/invitations', {
      email: owner.email,
      username: owner.username,
      role: 'expert',
    });
    expect(invited.status).toBe(201);
    const created = await accept(tokenOf((await invited.json()).invitationPath), owner.password);
    expect(created.status).toBe(200);

    // The pending sign-up and its link are gone; only the invited person's password opens it.
    const confirm = await h
      .visitor()
      .post('/api/verify-email', { token: squatterLink, password: squatter.password });
    expect(confirm.status).toBe(400);
    const squatterLogin = await h
      .visitor()
      .post('/api/login', { username: squatter.username, password: squatter.password });
    expect(squatterLogin.status).toBe(401);
    await h.signedIn(owner.username, owner.password);
  });

  it(`works for ${ACCOUNT_INVITATION_TTL_DAYS} days`, async () => {
    const admin = await h.signedIn('admin');
    const person = newMember();
    const invited = await admin.post('/api/admin/invitations', {
      email: person.email,
      username: person.username,
      role: 'user',
    });
    const token = tokenOf((await invited.json()).invitationPath);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (ACCOUNT_INVITATION_TTL_DAYS * 24 * 60 * 60 + 1) * 1000);
    const late = await accept(token, person.password);
    expect(late.status).toBe(410);
    expect((await late.json()).message).toMatch(/expired/);
  });

  it('refuses the link when a confirmed account took the username meanwhile', async () => {
    const admin = await h.signedIn('admin');
    const person = newMember();
    const invited = await admin.post('/api/admin/invitations', {
      email: person.email,
      username: person.username,
      role: 'user',
    });
    const token = tokenOf((await invited.json()).invitationPath);
    await h.register(h.visitor(), newMember({ username: person.username }));
    const refused = await accept(token, person.password);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ field: 'username' });
  });
});
