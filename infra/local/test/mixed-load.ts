import { type Browser, eventually } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';

/** `expert` applies with a radar investigator's profile (`Expert <n>`); the admin approves it. */
export async function approveExpert(admin: Browser, expert: Browser, n: number): Promise<void> {
  const applied = await expert.post('/api/creator-profile', {
    brandName: `Expert ${n}`,
    bio: 'Decades of field investigation into radar-visual encounters at sea and on land.',
    credentials: 'Former radar operator, published investigator.',
    expertise: 'Radar-visual cases',
    experienceYears: 20,
    questionsPerWeek: 10,
    weeklyRate: 100,
  });
  expect(applied.status).toBe(201);
  const { id } = await applied.json();
  expect((await admin.post(`/api/admin/creator-profiles/${id}/approve`)).status).toBe(200);
}

/** Waits until every one of the `experts` has a window known to questions (/api/creators). */
export async function awaitExpertWindows(
  visitor: Browser,
  experts: number,
  timeoutMs: number,
): Promise<void> {
  await eventually(
    async () => {
      const listed = await (await visitor.get('/api/creators')).json();
      expect(listed.filter((c: { window?: unknown }) => c.window)).toHaveLength(experts);
    },
    { timeoutMs, intervalMs: 250 },
  );
}
