import type { Expert, ExpertProfile } from '@uapqa/contracts';
import { testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { newMember, useHarness } from './harness.js';

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

describe.each(testBackends())("an expert's public page ($name)", (backend) => {
  const h = useHarness(backend);

  const listed = async () => (await (await h.visitor().get('/api/creators')).json()) as Expert[];
  const lookUp = (handle: string) => h.visitor().get(`/api/experts/${handle}`);

  /** A new member who applied to be an expert under `username`; approved unless told not to. */
  async function newApplicant(username: string, { approve = true } = {}) {
    const applicant = h.visitor();
    const user = await (await h.register(applicant, newMember({ username }))).json();
    const { id } = await (await applicant.post('/api/creator-profile', application)).json();
    const admin = await h.signedIn('admin');
    if (approve) {
      expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(200);
    }
    return { userId: user.id as number, profileId: id as number, admin };
  }

  it('lists every expert with their handle, their username', async () => {
    const experts = await listed();
    expect(experts.map((expert) => expert.handle).sort()).toEqual(
      expect.arrayContaining(['dana', 'evelyn', 'graham', 'marcus', 'theo']),
    );
    const dana = experts.find((expert) => expert.handle === 'dana');
    expect(dana?.user).toEqual({ firstName: 'Dana', lastName: 'Whitfield' });
  });

  it("finds an expert by handle in any case, with the profile the list shows and the handle's own case", async () => {
    const dana = (await listed()).find((expert) => expert.handle === 'dana')!;
    for (const handle of ['dana', 'DANA', 'Dana']) {
      const response = await lookUp(handle);
      expect(response.status, handle).toBe(200);
      expect(await response.json()).toEqual({ ...dana, listed: true });
    }

    const username = `Night_Sky.${Date.now().toString(36)}`;
    const { userId } = await newApplicant(username);
    const found = await lookUp(username.toLowerCase());
    expect(found.status).toBe(200);
    expect((await found.json()) as ExpertProfile).toMatchObject({
      userId,
      handle: username,
      brandName: 'Night Sky Ledger',
      bio: application.bio,
      expertise: application.expertise,
      listed: true,
    });
  });

  it('is a 404 with a sentence for a handle no one has, a malformed one, and anyone not an approved expert', async () => {
    const pending = `pending_${Date.now().toString(36)}`;
    await newApplicant(pending, { approve: false });
    for (const handle of ['no-such-expert', 'dana%20x', '~closed-1', 'member', 'admin', pending]) {
      const response = await lookUp(handle);
      expect(response.status, handle).toBe(404);
      expect((await response.json()).message, handle).toBe(
        'No expert has that handle: it is misspelt, or they no longer answer here.',
      );
    }
  });

  it('keeps a delisted expert’s page, marked as not listed, and drops a former expert’s', async () => {
    const delistedName = `delisted_${Date.now().toString(36)}`;
    const delisted = await newApplicant(delistedName);
    const delisting = `/api/admin/creator-profiles/${delisted.profileId}/delist`;
    expect((await delisted.admin.post(delisting)).status).toBe(200);
    const page = await lookUp(delistedName);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ userId: delisted.userId, listed: false });
    expect((await listed()).map((expert) => expert.userId)).not.toContain(delisted.userId);

    const formerName = `former_${Date.now().toString(36)}`;
    const former = await newApplicant(formerName);
    const demoted = await former.admin.patch(`/api/admin/users/${former.userId}/role`, {
      role: 'user',
      reason: 'Staffing change',
    });
    expect(demoted.status).toBe(200);
    expect((await lookUp(formerName)).status).toBe(404);
  });
});
