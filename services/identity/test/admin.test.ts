import { CreatorApproved, Expert, SettingChanged } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expertIds, newMember, useHarness } from './harness.js';

const application = {
  brandName: 'Skywatch Notes',
  bio: 'Twenty years of field work on radar-visual cases, with a focus on declassified reports.',
  credentials: 'Former air traffic controller, published researcher',
  expertise: 'Radar-visual cases',
  website: 'https://skywatch.example.com',
  socialLinks: '',
  experienceYears: 20,
  questionsPerWeek: 4,
  weeklyRate: 300,
};

describe.each(testBackends())('admin, waitlist and experts ($name)', (backend) => {
  const h = useHarness(backend);

  it('guards admin routes: 401 anonymous, 403 for members and moderators', async () => {
    const path = '/api/admin/settings/waitlist_enabled';
    const anonymous = await h.visitor().post(path, { value: 'true' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toContain('Unauthorized');
    for (const username of ['member', 'moderator']) {
      const response = await (await h.signedIn(username)).post(path, { value: 'true' });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toMatch(/admin/);
    }
    expect((await (await h.visitor().get('/api/waitlist/status')).json()).waitlistEnabled).toBe(
      false,
    );
  });

  it('closes registration while waitlist mode is on, and announces the change', async () => {
    const changes = await recordEvents(h.harnessBus.bus, 'identity', [SettingChanged.type]);
    const admin = await h.signedIn('admin');
    const on = await admin.post('/api/admin/settings/waitlist_enabled', { value: 'true' });
    expect(on.status).toBe(200);
    expect(await (await h.visitor().get('/api/waitlist/status')).json()).toEqual({
      waitlistEnabled: true,
    });

    const refused = await h.visitor().post('/api/register', newMember());
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/waitlist/);

    // Waitlist mode closes registration only: existing accounts still sign in, or an admin who
    // signed out could never get back in to turn it off.
    const member = h.visitor();
    const login = await member.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect((await member.get('/api/user')).status).toBe(200);
    const returningAdmin = await h.signedIn('admin');
    const off = await returningAdmin.post('/api/admin/settings/waitlist_enabled', {
      value: 'false',
    });
    expect(off.status).toBe(200);
    expect((await h.register(h.visitor(), newMember())).status).toBe(200);
    await eventually(() =>
      expect(changes.data()).toEqual([
        { key: 'waitlist_enabled', value: 'true' },
        { key: 'waitlist_enabled', value: 'false' },
      ]),
    );
    await changes.stop();
  });

  it('rejects bad setting values and unknown settings', async () => {
    const admin = await h.signedIn('admin');
    const bad = await admin.post('/api/admin/settings/waitlist_enabled', { value: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('value');
    expect((await admin.post('/api/admin/settings/colour', { value: 'true' })).status).toBe(404);
  });

  it("gives each demo expert's title and avatar colour with the experts, in the contract's shape", async () => {
    const experts = Expert.array().parse(await (await h.visitor().get('/api/creators')).json());
    const dana = experts.find((expert) => expert.brandName === 'Dana Whitfield');
    expect(dana).toMatchObject({
      title: 'Investigative Journalist & UAP Researcher',
      avatarColor: '#0369a1',
    });
    expect(experts.every((expert) => expert.title && expert.avatarColor)).toBe(true);
  });

  it('lists the demo experts as approved experts with their names', async () => {
    const experts = await (await h.visitor().get('/api/creators')).json();
    expect(experts).toHaveLength(5);
    expect(experts[0]).toMatchObject({
      userId: expect.any(Number),
      brandName: expect.any(String),
      user: { firstName: expect.any(String), lastName: expect.any(String) },
    });
  });

  it("takes an expert application with the form's messages, one pending at a time", async () => {
    expect((await h.visitor().post('/api/creator-profile', application)).status).toBe(401);

    const member = h.visitor();
    await h.register(member, newMember());
    const short = await member.post('/api/creator-profile', { ...application, bio: 'Too short.' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toContain('Bio must be at least 50 characters');
    const textYears = await member.post('/api/creator-profile', {
      ...application,
      experienceYears: '20',
    });
    expect(textYears.status).toBe(400);
    expect((await textYears.json()).message).toContain('Please specify your years of experience');
    const badSite = await member.post('/api/creator-profile', {
      ...application,
      website: 'not a url',
    });
    expect(badSite.status).toBe(400);

    const accepted = await member.post('/api/creator-profile', { ...application, website: '' });
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).message).toContain('48 hours');
    const again = await member.post('/api/creator-profile', application);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/under review/);
  });

  it('approves an expert profile: the user becomes an expert, CreatorApproved is published, once', async () => {
    const approvals = await recordEvents(h.harnessBus.bus, 'identity', [CreatorApproved.type]);
    const applicant = h.visitor();
    const user = await (
      await h.register(applicant, newMember({ firstName: 'Nova', lastName: 'Quinn' }))
    ).json();
    const { id } = await (await applicant.post('/api/creator-profile', application)).json();

    const admin = await h.signedIn('admin');
    const pending = await (await admin.get('/api/admin/creator-profiles?status=pending')).json();
    expect(pending.map((p: { id: number }) => p.id)).toContain(id);

    const approved = await admin.post(`/api/admin/creator-profiles/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      status: 'approved',
      user: { id: user.id, role: 'expert' },
    });
    expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(409);
    expect((await admin.post('/api/admin/creator-profiles/999999/approve')).status).toBe(404);

    await eventually(() =>
      expect(approvals.data()).toContainEqual(
        expect.objectContaining({
          creatorId: id,
          userId: user.id,
          firstName: 'Nova',
          questionsPerWeek: 4,
        }),
      ),
    );
    expect(await expertIds(h.visitor().get('/api/creators'))).toContain(user.id);
    // The role lives in the token: the old session ends and the next login carries 'expert'.
    expect((await applicant.get('/api/user')).status).toBe(401);
    await approvals.stop();
  });

  it.runIf(backend.name === 'real')(
    "lists another replica's newly approved expert at once, told by the bus",
    async () => {
      const replica = await h.replica({ sharesBus: true });
      const listedByReplica = () => expertIds(replica.app.request('/api/creators'));
      const applicant = h.visitor();
      const user = await (await h.register(applicant, newMember())).json();
      const { id } = await (await applicant.post('/api/creator-profile', application)).json();
      // The replica now remembers its list (CREATORS_CACHE_MS: half a minute).
      expect(await listedByReplica()).not.toContain(user.id);

      const admin = await h.signedIn('admin');
      expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(200);
      await eventually(async () => expect(await listedByReplica()).toContain(user.id), {
        timeoutMs: 5000,
      });
    },
  );

  it('lets an admin change a role, not their own, and validates it', async () => {
    const admin = await h.signedIn('admin');
    const target = await (await h.register(h.visitor(), newMember())).json();
    const reason = 'Joins the moderation team';
    const changed = await admin.patch(`/api/admin/users/${target.id}/role`, {
      role: 'moderator',
      reason,
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()).role).toBe('moderator');
    const invalid = await admin.patch(`/api/admin/users/${target.id}/role`, {
      role: 'overlord',
      reason,
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).field).toBe('role');
    const noReason = await admin.patch(`/api/admin/users/${target.id}/role`, { role: 'user' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).field).toBe('reason');
    const me = await (await admin.get('/api/user')).json();
    expect(
      (await admin.patch(`/api/admin/users/${me.id}/role`, { role: 'user', reason })).status,
    ).toBe(400);
    expect((await admin.patch('/api/admin/users/abc/role', { role: 'user', reason })).status).toBe(
      400,
    );
  });

  it('accepts public expert applications and validates them', async () => {
    const valid = {
      name: 'Jordan Vale',
      email: 'jordan@example.com',
      phone: '+1 555 0100',
      website: '',
      duration: 3,
      questionsPerWeek: 2,
      description: 'Aviation historian.',
    };
    expect((await h.visitor().post('/api/expert-applications', valid)).status).toBe(201);
    const missing = await h.visitor().post('/api/expert-applications', { ...valid, phone: '' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain('Please fill in all required fields.');
    const tooLong = await h.visitor().post('/api/expert-applications', { ...valid, duration: 13 });
    expect(tooLong.status).toBe(400);
    const tooMany = await h
      .visitor()
      .post('/api/expert-applications', { ...valid, questionsPerWeek: 11 });
    expect(tooMany.status).toBe(400);
  });
});
