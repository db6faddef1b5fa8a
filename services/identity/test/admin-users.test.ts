import {
  ACCOUNT_SUSPENDED,
  BILLING_STREAM,
  createEvent,
  readEvent,
  SubscriptionActivated,
  SubscriptionLapsed,
  UserSuspensionChanged,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { verificationToken } from '../src/testing.js';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('user management ($name)', (backend) => {
  const h = useHarness(backend);

  /** A confirmed member signed in in its own browser, and its id. */
  async function member(overrides: Record<string, unknown> = {}) {
    const body = newMember(overrides);
    const browser = h.visitor();
    const user = await (await h.register(browser, body)).json();
    return { body, browser, id: user.id as number };
  }

  it('finds accounts by name, username or email, by role and by suspension, a page at a time', async () => {
    const admin = await h.signedIn('admin');
    const surname = `Quill${Date.now().toString(36)}`;
    const first = await member({ lastName: surname });
    await member({ lastName: surname });
    const byName = await admin.get(`/api/admin/users?search=${surname.toLowerCase()}&limit=1`);
    expect(byName.status).toBe(200);
    expect(byName.headers.get('x-total-count')).toBe('2');
    const [found] = await byName.json();
    expect(found).toMatchObject({
      id: first.id,
      lastName: surname,
      role: 'user',
      emailConfirmed: true,
      suspendedAt: null,
      suspensionReason: null,
    });
    // Confirming the address signed the member in.
    expect(Date.parse(found.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await admin.get(`/api/admin/users?search=${surname}&limit=1&offset=1`);
    expect((await second.json())[0].id).not.toBe(first.id);

    const byEmail = await (await admin.get(`/api/admin/users?search=${first.body.email}`)).json();
    expect(byEmail.map((user: { id: number }) => user.id)).toEqual([first.id]);
    const moderators = await (await admin.get('/api/admin/users?role=moderator')).json();
    expect(moderators.every((user: { role: string }) => user.role === 'moderator')).toBe(true);
    const one = await admin.get(`/api/admin/users/${first.id}`);
    expect(await one.json()).toMatchObject({ id: first.id, username: first.body.username });
    expect((await admin.get('/api/admin/users/999999')).status).toBe(404);
    expect((await (await h.signedIn('moderator')).get('/api/admin/users')).status).toBe(403);
  });

  it('suspends with a reason: the sessions end, sign-in is refused, and it can be lifted', async () => {
    const admin = await h.signedIn('admin');
    const { body, browser, id } = await member();
    expect((await browser.get('/api/user')).status).toBe(200);
    const events = await recordEvents(h.harnessBus.bus, 'identity', [UserSuspensionChanged.type]);

    const noReason = await admin.post(`/api/admin/users/${id}/suspension`, { suspended: true });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ field: 'reason' });

    const suspended = await admin.post(`/api/admin/users/${id}/suspension`, {
      suspended: true,
      reason: 'Chargebacks on three cards',
    });
    expect(suspended.status).toBe(200);
    expect(await suspended.json()).toMatchObject({
      id,
      suspensionReason: 'Chargebacks on three cards',
    });
    expect((await browser.get('/api/user')).status).toBe(401);
    const login = await h
      .visitor()
      .post('/api/login', { username: body.username, password: body.password });
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe(ACCOUNT_SUSPENDED);
    const listed = await (await admin.get('/api/admin/users?suspended=true&limit=200')).json();
    expect(listed.map((user: { id: number }) => user.id)).toContain(id);

    const again = await admin.post(`/api/admin/users/${id}/suspension`, {
      suspended: true,
      reason: 'Twice',
    });
    expect(again.status).toBe(409);

    const lifted = await admin.post(`/api/admin/users/${id}/suspension`, {
      suspended: false,
      reason: 'The bank confirmed the cards were stolen',
    });
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toMatchObject({ suspendedAt: null, suspensionReason: null });
    await h.signedIn(body.username, body.password);

    await eventually(() => expect(events.seen).toHaveLength(2));
    const [first, second] = events.seen.map(
      (event) => readEvent(UserSuspensionChanged, event).data,
    );
    expect(first).toMatchObject({
      userId: id,
      suspended: true,
      reason: 'Chargebacks on three cards',
    });
    expect(second).toMatchObject({ userId: id, suspended: false });
    await events.stop();
  });

  it('refuses to suspend one’s own account, or an account that does not exist', async () => {
    const admin = await h.signedIn('admin');
    const me = await (await admin.get('/api/user')).json();
    const own = await admin.post(`/api/admin/users/${me.id}/suspension`, {
      suspended: true,
      reason: 'Testing',
    });
    expect(own.status).toBe(400);
    const missing = await admin.post('/api/admin/users/999999/suspension', {
      suspended: true,
      reason: 'Testing',
    });
    expect(missing.status).toBe(404);
  });

  it('mails a new confirmation link to an account that has not confirmed its address', async () => {
    const admin = await h.signedIn('admin');
    const body = newMember();
    expect((await h.visitor().post('/api/register', body)).status).toBe(202);
    const [pending] = await (await admin.get(`/api/admin/users?search=${body.username}`)).json();
    expect(pending).toMatchObject({ username: body.username, emailConfirmed: false });
    const since = new Date(Date.now() - 1000);
    const first = await verificationToken(h.harnessBus.bus, body.email, since);
    const resent = await admin.post(`/api/admin/users/${pending.id}/confirmation-link`);
    expect(resent.status).toBe(202);
    expect((await resent.json()).message).toContain(body.email);
    const second = await verificationToken(h.harnessBus.bus, body.email, since, first);
    const confirmed = await h
      .visitor()
      .post('/api/verify-email', { token: second, password: body.password });
    expect(confirmed.status).toBe(200);
    const again = await admin.post(`/api/admin/users/${pending.id}/confirmation-link`);
    expect(again.status).toBe(409);
  });

  it('filters by subscription, as billing announced it', async () => {
    const admin = await h.signedIn('admin');
    const subscriber = await member();
    const lapsed = await member();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const activated = (userId: number, when: Date) =>
      createEvent(
        SubscriptionActivated,
        { userId, currentPeriodEnd: null, returning: false },
        when,
      );
    const ids = async (filter: string) =>
      (
        (await (await admin.get(`/api/admin/users?${filter}&limit=200`)).json()) as Array<{
          id: number;
          subscriptionActive: boolean;
        }>
      ).map((user) => user.id);
    await h.harnessBus.bus.publish(BILLING_STREAM, activated(subscriber.id, at(0)));
    await h.harnessBus.bus.publish(BILLING_STREAM, activated(lapsed.id, at(0)));
    // Both start out inactive, so the lapse is published only once both activations show:
    // otherwise "inactive" could be read before the lapsed member was ever active.
    await eventually(async () => {
      expect(await ids('subscription=active')).toEqual(
        expect.arrayContaining([subscriber.id, lapsed.id]),
      );
    });
    expect(await ids('subscription=inactive')).not.toContain(lapsed.id);
    await h.harnessBus.bus.publish(
      BILLING_STREAM,
      createEvent(
        SubscriptionLapsed,
        { userId: lapsed.id, lapsedAt: at(1).toISOString(), frozenCredits: 0 },
        at(1),
      ),
    );
    await eventually(async () => {
      expect(await ids('subscription=inactive')).toContain(lapsed.id);
    });
    expect(await ids('subscription=active')).not.toContain(lapsed.id);
    expect(await ids('subscription=active')).toContain(subscriber.id);
    expect(await ids('subscription=inactive')).not.toContain(subscriber.id);
    const one = await (await admin.get(`/api/admin/users/${subscriber.id}`)).json();
    expect(one.subscriptionActive).toBe(true);
  });
});
