import { testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { newMember, useHarness } from './harness.js';

describe.each(testBackends())('the audit log ($name)', (backend) => {
  const h = useHarness(backend);

  it("records each of identity's staff actions once, with who, what, on whom and why", async () => {
    const admin = await h.signedIn('admin');
    const adminId = (await (await admin.get('/api/user')).json()).id;
    const target = await (await h.register(h.visitor(), newMember())).json();
    const role = await admin.patch(`/api/admin/users/${target.id}/role`, {
      role: 'moderator',
      reason: 'Joins the moderation team',
    });
    expect(role.status).toBe(200);
    await admin.post(`/api/admin/users/${target.id}/suspension`, {
      suspended: true,
      reason: 'Shared the account',
    });
    await admin.post('/api/admin/settings/waitlist_enabled', { value: 'false' });
    // Refused actions leave no line.
    await admin.post(`/api/admin/users/${target.id}/suspension`, {
      suspended: true,
      reason: 'Twice',
    });

    const log = await admin.get(`/api/admin/audit?subjectUserId=${target.id}`);
    expect(log.status).toBe(200);
    expect(log.headers.get('x-total-count')).toBe('2');
    const entries = await log.json();
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorUsername: 'admin',
        action: 'account_suspended',
        reason: 'Shared the account',
      }),
      expect.objectContaining({
        action: 'role_changed',
        subject: expect.stringContaining('user → moderator'),
        reason: 'Joins the moderation team',
      }),
    ]);
    const settings = await (await admin.get('/api/admin/audit?action=setting_changed')).json();
    expect(settings[0]).toMatchObject({ subject: 'waitlist_enabled = false', actorId: adminId });
  });

  it('is for admins only, and nothing changes or deletes a line', async () => {
    expect((await h.visitor().get('/api/admin/audit')).status).toBe(401);
    expect((await (await h.signedIn('moderator')).get('/api/admin/audit')).status).toBe(403);
    const admin = await h.signedIn('admin');
    expect((await admin.get('/api/admin/audit?action=nothing')).status).toBe(400);
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      const response = await h.service.app.request('/api/admin/audit', { method });
      expect(response.status, method).toBeGreaterThanOrEqual(400);
      expect(response.status, method).not.toBe(200);
    }
  });
});
