import {
  CreatorApproved,
  ExpertApplicationDecided,
  ExpertApplicationSubmitted,
  FORM_BODY_MAX_BYTES,
  FORM_TEXT_MAX,
  UserRegistered,
  UserRoleChanged,
} from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { identityConfigSchema } from '../src/config.js';
import { EXPERT_APPLICATION_LIMITS } from '../src/login-limits.js';
import { startIdentity } from '../src/service.js';
import { newMember, useHarness } from './harness.js';

let counter = 0;
function applicationBody(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    name: `Jordan Vale ${counter}`,
    email: `jordan.${Date.now().toString(36)}.${counter}@Example.com`,
    phone: '+1 555 0100',
    website: 'https://vale.example.com',
    duration: 3,
    questionsPerWeek: 2,
    description: 'Aviation historian; twenty years in the Blue Book microfilms.',
    ...overrides,
  };
}

describe.each(testBackends())('public expert applications and their review ($name)', (backend) => {
  let address = 0;

  const h = useHarness(backend);
  const recorded = stackForSuite(() =>
    recordEvents(h.harnessBus.bus, 'identity', [
      ExpertApplicationSubmitted.type,
      ExpertApplicationDecided.type,
      UserRoleChanged.type,
      CreatorApproved.type,
    ]),
  );

  const of = (type: string, match: (data: Record<string, unknown>) => boolean) =>
    recorded.seen.filter(
      (event) => event.type === type && match(event.data as Record<string, unknown>),
    );

  /** Sends an application as a visitor (no session) and returns its id. */
  async function apply(overrides: Record<string, unknown> = {}) {
    const response = await h
      .visitor()
      .post('/api/expert-applications', applicationBody(overrides), {
        'x-forwarded-for': `198.51.100.${++address}`,
      });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  it('announces an application as it is stored, with what the emails need', async () => {
    const body = applicationBody({ website: '', description: '' });
    const response = await h.visitor().post('/api/expert-applications', body);
    expect(response.status).toBe(201);
    const { id, message } = await response.json();
    expect(message).toMatch(/contact you by email/);

    await eventually(() =>
      expect(of(ExpertApplicationSubmitted.type, (d) => d.applicationId === id)).toHaveLength(1),
    );
    const [event] = of(ExpertApplicationSubmitted.type, (d) => d.applicationId === id);
    expect(event!.data).toEqual({
      applicationId: id,
      name: body.name,
      email: body.email.toLowerCase(),
      phone: body.phone,
      website: null,
      duration: 3,
      questionsPerWeek: 2,
      description: null,
      submittedAt: expect.any(String),
    });
  });

  it('caps every free-text field and the whole body with a sentence, and limits applications per address', async () => {
    const from = { 'x-forwarded-for': '192.0.2.40' };
    const post = (body: unknown) => h.visitor().post('/api/expert-applications', body, from);
    const long = await post(
      applicationBody({ description: 'd'.repeat(FORM_TEXT_MAX.description + 1) }),
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: `Description must be at most ${FORM_TEXT_MAX.description} characters.`,
      field: 'description',
    });
    for (const field of ['name', 'website'] as const) {
      const value =
        field === 'website'
          ? `https://example.com/${'w'.repeat(FORM_TEXT_MAX.website)}`
          : 'n'.repeat(FORM_TEXT_MAX.name + 1);
      const refused = await post(applicationBody({ [field]: value }));
      expect(refused.status, field).toBe(400);
      expect((await refused.json()).field, field).toBe(field);
    }
    const huge = await post(
      applicationBody({ padding: 'p'.repeat(FORM_BODY_MAX_BYTES), description: 'fine' }),
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe(
      `Your application is too long: it may take at most ${FORM_BODY_MAX_BYTES / 1024} KB in all.`,
    );
    const before = recorded.seen.length;

    // Refused forms cost nothing; accepted applications are counted per address.
    for (let n = 0; n < EXPERT_APPLICATION_LIMITS.perIp.points; n++) {
      expect((await post(applicationBody())).status).toBe(201);
    }
    const limited = await post(applicationBody());
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(
      'Too many applications from your network. Please wait an hour and try again.',
    );
    await eventually(() =>
      expect(recorded.seen.length - before).toBe(EXPERT_APPLICATION_LIMITS.perIp.points),
    );
  });

  it('lists applications to admins only, filtered by status', async () => {
    const id = await apply();
    const path = '/api/admin/expert-applications?status=pending';
    const anonymous = await h.visitor().get(path);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toContain('Unauthorized');
    for (const username of ['member', 'moderator', 'dana']) {
      const refused = await (await h.signedIn(username)).get(path);
      expect(refused.status, username).toBe(403);
      expect((await refused.json()).message).toMatch(/admin/);
    }

    const admin = await h.signedIn('admin');
    const pending = await admin.get(path);
    expect(pending.status).toBe(200);
    const listed = (await pending.json()) as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.id === id)).toMatchObject({
      id,
      status: 'pending',
      decisionNote: null,
      decidedAt: null,
      phone: '+1 555 0100',
      duration: 3,
      questionsPerWeek: 2,
    });
    // Newest first.
    expect(listed[0]!.id).toBe(id);

    const all = (await (await admin.get('/api/admin/expert-applications')).json()) as Array<{
      id: number;
    }>;
    expect(all.map((row) => row.id)).toContain(id);
    const declined = (await (
      await admin.get('/api/admin/expert-applications?status=declined')
    ).json()) as Array<{ id: number }>;
    expect(declined.map((row) => row.id)).not.toContain(id);

    const bad = await admin.get('/api/admin/expert-applications?status=maybe');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/pending, approved, declined/);
  });

  it('records an approval with its note once, announces it, and refuses a second decision', async () => {
    const id = await apply();
    const admin = await h.signedIn('admin');
    const adminUser = await (await admin.get('/api/user')).json();

    const approved = await admin.post(`/api/admin/expert-applications/${id}/approve`, {
      note: '  Welcome aboard; please mention your Blue Book work in your profile.  ',
    });
    expect(approved.status).toBe(200);
    const body = await approved.json();
    expect(body).toMatchObject({
      id,
      status: 'approved',
      decisionNote: 'Welcome aboard; please mention your Blue Book work in your profile.',
    });
    expect(Date.parse(body.decidedAt)).not.toBeNaN();

    for (const verb of ['approve', 'decline']) {
      const again = await admin.post(`/api/admin/expert-applications/${id}/${verb}`, {});
      expect(again.status, verb).toBe(409);
      expect((await again.json()).message).toBe('This application was already approved.');
    }
    const listed = (await (
      await admin.get('/api/admin/expert-applications?status=approved')
    ).json()) as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.id === id)).toMatchObject({ status: 'approved' });

    await eventually(() =>
      expect(of(ExpertApplicationDecided.type, (d) => d.applicationId === id)).toHaveLength(1),
    );
    expect(of(ExpertApplicationDecided.type, (d) => d.applicationId === id)[0]!.data).toEqual({
      applicationId: id,
      name: expect.stringMatching(/^Jordan Vale/),
      email: expect.stringMatching(/@example\.com$/),
      decision: 'approved',
      note: 'Welcome aboard; please mention your Blue Book work in your profile.',
      decidedBy: adminUser.id,
      decidedAt: body.decidedAt,
      invitation: { token: expect.stringMatching(/^[\w-]{43}$/), expiresAt: expect.any(String) },
    });
    // The invitation's secret is for the applicant's email only, never in an admin's answer.
    expect(Object.keys(body).filter((key) => key.startsWith('invite'))).toEqual([]);
    expect(Object.keys(listed[0]!).filter((key) => key.startsWith('invite'))).toEqual([]);
  });

  it('declines without a note (no body at all is fine)', async () => {
    const id = await apply();
    const admin = await h.signedIn('admin');
    const declined = await admin.post(`/api/admin/expert-applications/${id}/decline`);
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({ id, status: 'declined', decisionNote: null });
    expect((await admin.post(`/api/admin/expert-applications/${id}/approve`)).status).toBe(409);
    await eventually(() =>
      expect(
        of(ExpertApplicationDecided.type, (d) => d.applicationId === id).map((e) => e.data),
      ).toEqual([expect.objectContaining({ decision: 'declined', note: null, invitation: null })]),
    );
  });

  it('answers 404 for an unknown application, 400 for a bad id or body, and writes nothing', async () => {
    const id = await apply();
    const admin = await h.signedIn('admin');
    const unknown = await admin.post('/api/admin/expert-applications/999999/approve', {});
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('No expert application with that id.');

    for (const path of ['abc', '0', '2147483648']) {
      const response = await admin.post(`/api/admin/expert-applications/${path}/decline`, {});
      expect(response.status, path).toBe(400);
      expect((await response.json()).message).toBeTruthy();
    }
    const bodies: Array<[unknown, RegExp]> = [
      [{ note: 42 }, /note must be text/i],
      [{ note: 'Welcome aboard\u001b[2J' }, /no other control characters/],
      [{ note: 'x'.repeat(2001) }, /at most 2000/],
      [{ notes: 'misspelt' }, /only contain a note/],
      ['{not json', /valid JSON/],
      [['a note'], /only contain a note|expected object/],
    ];
    for (const [body, message] of bodies) {
      const response = await admin.post(`/api/admin/expert-applications/${id}/approve`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    const pending = (await (
      await admin.get('/api/admin/expert-applications?status=pending')
    ).json()) as Array<{ id: number }>;
    expect(pending.map((row) => row.id)).toContain(id);
    expect(of(ExpertApplicationDecided.type, (d) => d.applicationId === id)).toHaveLength(0);
  });

  it('lets only admins decide', async () => {
    const id = await apply();
    expect((await h.visitor().post(`/api/admin/expert-applications/${id}/approve`)).status).toBe(
      401,
    );
    for (const username of ['member', 'moderator', 'dana']) {
      const session = await h.signedIn(username);
      expect((await session.post(`/api/admin/expert-applications/${id}/decline`)).status).toBe(403);
    }
  });

  it('takes one decision when two admins decide at once', async () => {
    const id = await apply();
    const [first, second] = [await h.signedIn('admin'), await h.signedIn('admin')];
    const answers = await Promise.all([
      first.post(`/api/admin/expert-applications/${id}/approve`, { note: 'Yes.' }),
      second.post(`/api/admin/expert-applications/${id}/decline`, { note: 'No.' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = await answers.find((answer) => answer.status === 200)!.json();
    await eventually(() =>
      expect(of(ExpertApplicationDecided.type, (d) => d.applicationId === id)).toHaveLength(1),
    );
    expect(of(ExpertApplicationDecided.type, (d) => d.applicationId === id)[0]!.data).toMatchObject(
      { decision: winner.status, note: winner.decisionNote },
    );
  });

  it('announces role changes, so other services know who the admins are', async () => {
    const admin = await h.signedIn('admin');
    const target = await (
      await h.register(h.visitor(), newMember({ firstName: 'Rae', lastName: 'Stone' }))
    ).json();
    expect(
      (
        await admin.patch(`/api/admin/users/${target.id}/role`, {
          role: 'admin',
          reason: 'Staffing change',
        })
      ).status,
    ).toBe(200);
    // The same role again changes nothing and announces nothing.
    expect(
      (
        await admin.patch(`/api/admin/users/${target.id}/role`, {
          role: 'admin',
          reason: 'Staffing change',
        })
      ).status,
    ).toBe(200);
    await eventually(() =>
      expect(of(UserRoleChanged.type, (d) => d.userId === target.id)).toHaveLength(1),
    );
    expect(of(UserRoleChanged.type, (d) => d.userId === target.id)[0]!.data).toEqual({
      userId: target.id,
      username: target.username,
      email: target.email,
      firstName: 'Rae',
      lastName: 'Stone',
      role: 'admin',
      previousRole: 'user',
    });
  });

  it('announces the role change of an approved expert profile too', async () => {
    const applicant = h.visitor();
    const user = await (await h.register(applicant, newMember())).json();
    const { id } = await (
      await applicant.post('/api/creator-profile', {
        brandName: 'Skywatch Notes',
        bio: 'Twenty years of field work on radar-visual cases, with a focus on declassified reports.',
        credentials: 'Former air traffic controller, published researcher',
        expertise: 'Radar-visual cases',
        experienceYears: 20,
        questionsPerWeek: 4,
        weeklyRate: 300,
      })
    ).json();
    const admin = await h.signedIn('admin');
    expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(200);
    await eventually(() =>
      expect(of(UserRoleChanged.type, (d) => d.userId === user.id).map((e) => e.data)).toEqual([
        expect.objectContaining({ role: 'expert', previousRole: 'user' }),
      ]),
    );
  });
});

describe.each(testBackends())('the first admin of ADMIN_USERNAME ($name)', (backend) => {
  it('is announced like a registration, once, so other services know the admin', async () => {
    const database = await backend.database();
    const testBus = await backend.bus('identity-admin');
    const since = new Date();
    const config = identityConfigSchema.parse({
      DATABASE_URL: database.url,
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'a long admin password',
      ADMIN_EMAIL: 'Chief@Example.com',
      LOG_LEVEL: 'silent',
    });
    const registered = await recordEvents(testBus.bus, 'identity', [UserRegistered.type], since);
    const first = await startIdentity({ config, bus: testBus.bus });
    try {
      await eventually(() =>
        expect(registered.data()).toEqual([
          expect.objectContaining({ username: 'chief', email: 'chief@example.com', role: 'admin' }),
        ]),
      );
      // A restart finds the admin and announces nothing more.
      if (database.url) {
        const again = await startIdentity({ config, bus: testBus.bus });
        await again.stop();
        expect(registered.seen).toHaveLength(1);
      }
    } finally {
      await registered.stop();
      await first.stop();
      await testBus.cleanup();
      await database.drop();
    }
    // It starts the whole service (migrations, the admin's password hash) up to twice.
  }, 120_000);
});
