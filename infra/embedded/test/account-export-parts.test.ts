import { billingForTests } from '@uapqa/billing/testing';
import type { AccountExport } from '@uapqa/contracts';
import { startTestStack } from '@uapqa/gateway/testing';
import { identityForTests } from '@uapqa/identity/testing';
import { testBackends } from '@uapqa/service-kit/testing';
import { describe, expect, it } from 'vitest';

const PASSWORD = 'export-parts-password';

/** A site that deploys only some services: the export names each missing part, never drops it. */
describe.each(testBackends())(
  'account export with services missing ($name)',
  { timeout: 120_000 },
  (backend) => {
    it('says which part is missing when a service is not deployed, and refuses a visitor', async () => {
      const withoutNotifications = await startTestStack(backend, [
        identityForTests(PASSWORD),
        billingForTests(),
      ]);
      try {
        const session = withoutNotifications.visitor();
        const login = await session.post('/api/login', { username: 'member', password: PASSWORD });
        expect(login.status).toBe(200);
        const body = (await (await session.get('/api/account/export')).json()) as AccountExport;
        expect(body.identity.available).toBe(true);
        expect(body.billing.available).toBe(true);
        expect(body.notifications).toMatchObject({ available: false, service: 'notifications' });
        expect(body.questions).toMatchObject({ available: false, service: 'questions' });
        expect((body.notifications as { message: string }).message).toMatch(/not deployed/);
        expect((await withoutNotifications.visitor().get('/api/account/export')).status).toBe(401);
      } finally {
        await withoutNotifications.stop();
      }
    });
  },
);
