import { CreatorListingChanged } from '@uapqa/contracts';
import { eventually, recordEvents, testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { describe, expect, it } from 'vitest';
import { expertIds, newMember, useHarness } from './harness.js';

const application = {
  brandName: 'Night Sky Ledger',
  bio: 'Fifteen years cataloguing sightings against flight and satellite records, case by case.',
  credentials: 'Amateur astronomer, former air traffic controller',
  expertise: 'Satellite and flight misidentifications',
  website: '',
  socialLinks: '',
  experienceYears: 15,
  questionsPerWeek: 3,
  weeklyRate: 200,
};

describe.each(testBackends())('delisting and demoting experts ($name)', (backend) => {
  const h = useHarness(backend);
  const listings = stackForSuite(() =>
    recordEvents(h.harnessBus.bus, 'identity', [CreatorListingChanged.type]),
  );

  /** A new member whose expert profile the admin approved: an expert, listed. */
  async function newExpert() {
    const applicant = h.visitor();
    const user = await (await h.register(applicant, newMember())).json();
    const { id } = await (await applicant.post('/api/creator-profile', application)).json();
    const admin = await h.signedIn('admin');
    expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(200);
    return { userId: user.id as number, profileId: id as number, admin };
  }
  const listedIds = () => expertIds(h.visitor().get('/api/creators'));

  it('an admin delists an expert and lists them again, each announced once', async () => {
    const { userId, profileId, admin } = await newExpert();
    expect(await listedIds()).toContain(userId);

    const delisted = await admin.post(`/api/admin/creator-profiles/${profileId}/delist`);
    expect(delisted.status).toBe(200);
    expect(await delisted.json()).toMatchObject({
      id: profileId,
      status: 'approved',
      listed: false,
    });
    expect(await listedIds()).not.toContain(userId);
    const again = await admin.post(`/api/admin/creator-profiles/${profileId}/delist`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Night Sky Ledger is already delisted.');

    // Staff still see the expert, marked as delisted, so they can list them again.
    const approved = await (await admin.get('/api/admin/creator-profiles?status=approved')).json();
    expect(approved).toContainEqual(expect.objectContaining({ id: profileId, listed: false }));

    const relisted = await admin.post(`/api/admin/creator-profiles/${profileId}/relist`);
    expect(relisted.status).toBe(200);
    expect(await relisted.json()).toMatchObject({ id: profileId, listed: true });
    expect(await listedIds()).toContain(userId);
    expect((await admin.post(`/api/admin/creator-profiles/${profileId}/relist`)).status).toBe(409);

    await eventually(() =>
      expect(
        listings.data().filter((data) => (data as { userId: number }).userId === userId),
      ).toEqual([
        { creatorId: profileId, userId, listed: false, reason: 'delisted' },
        { creatorId: profileId, userId, listed: true, reason: 'relisted' },
      ]),
    );
  });

  it('refuses to delist what is not an approved expert profile, with a sentence', async () => {
    const admin = await h.signedIn('admin');
    const applicant = h.visitor();
    await h.register(applicant, newMember());
    const { id } = await (await applicant.post('/api/creator-profile', application)).json();
    const pending = await admin.post(`/api/admin/creator-profiles/${id}/delist`);
    expect(pending.status).toBe(409);
    expect((await pending.json()).message).toMatch(/Only an approved expert .* pending\./);
    const unknown = await admin.post('/api/admin/creator-profiles/999999/delist');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('No expert profile with that id.');
    const member = await h.signedIn('member');
    expect((await member.post(`/api/admin/creator-profiles/${id}/relist`)).status).toBe(403);
  });

  it('a role change away from expert delists; giving the role back does not list again by itself', async () => {
    const { userId, profileId, admin } = await newExpert();
    const demoted = await admin.patch(`/api/admin/users/${userId}/role`, {
      role: 'user',
      reason: 'Staffing change',
    });
    expect(demoted.status).toBe(200);
    expect(await listedIds()).not.toContain(userId);
    await eventually(() =>
      expect(listings.data()).toContainEqual({
        creatorId: profileId,
        userId,
        listed: false,
        reason: 'demoted',
      }),
    );

    const notExpert = await admin.post(`/api/admin/creator-profiles/${profileId}/relist`);
    expect(notExpert.status).toBe(409);
    expect((await notExpert.json()).message).toBe(
      'Night Sky Ledger is no longer an expert. Give them the expert role first, then list them again.',
    );
    expect(
      (
        await admin.patch(`/api/admin/users/${userId}/role`, {
          role: 'expert',
          reason: 'Staffing change',
        })
      ).status,
    ).toBe(200);
    expect(await listedIds()).not.toContain(userId);
    expect((await admin.post(`/api/admin/creator-profiles/${profileId}/relist`)).status).toBe(200);
    expect(await listedIds()).toContain(userId);
    // Changing between other roles announces no listing change: the stream is ordered, so once
    // the delisting sent after those changes is heard, anything they announced would be too.
    const other = await (await h.register(h.visitor(), newMember())).json();
    await admin.patch(`/api/admin/users/${other.id}/role`, {
      role: 'moderator',
      reason: 'Staffing change',
    });
    await admin.patch(`/api/admin/users/${other.id}/role`, {
      role: 'user',
      reason: 'Staffing change',
    });
    await admin.post(`/api/admin/creator-profiles/${profileId}/delist`);
    await eventually(() =>
      expect(
        listings.data().filter((data) => (data as { userId: number }).userId === userId),
      ).toEqual([
        { creatorId: profileId, userId, listed: false, reason: 'demoted' },
        { creatorId: profileId, userId, listed: true, reason: 'relisted' },
        { creatorId: profileId, userId, listed: false, reason: 'delisted' },
      ]),
    );
    expect(listings.data()).not.toContainEqual(expect.objectContaining({ userId: other.id }));
  });

  it.runIf(backend.name === 'real')(
    "drops another replica's delisted expert at once, told by the bus",
    async () => {
      const replica = await h.replica({ sharesBus: true });
      const listedByReplica = () => expertIds(replica.app.request('/api/creators'));
      const { userId, profileId, admin } = await newExpert();
      await eventually(async () => expect(await listedByReplica()).toContain(userId));
      expect((await admin.post(`/api/admin/creator-profiles/${profileId}/delist`)).status).toBe(
        200,
      );
      await eventually(async () => expect(await listedByReplica()).not.toContain(userId));
    },
  );
});
