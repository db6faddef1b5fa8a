import { billingForTests } from '@uapqa/billing/testing';
import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, signUpNewMember } from '@uapqa/identity/testing';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';

const DEMO_PASSWORD = 'billing-demo-password';

export interface BillingStack extends TestStack {
  member(): Promise<Browser>;
  signedIn(username: string): Promise<Browser>;
}

/** Identity (demo accounts), billing and the gateway on one backend. */
export async function startBillingStack(backend: Backend): Promise<BillingStack> {
  const stack = await startTestStack(backend, [identityForTests(DEMO_PASSWORD), billingForTests()]);
  return {
    ...stack,
    async member() {
      const browser = stack.visitor();
      const response = await signUpNewMember(browser, stack.bus.bus, 'buyer');
      expect(response.status).toBe(200);
      return browser;
    },
    async signedIn(username) {
      const browser = stack.visitor();
      const response = await browser.post('/api/login', { username, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      return browser;
    },
  };
}

/** The member as the gateway composes them: identity's account joined with billing's. */
export async function currentUser(browser: Browser) {
  const response = await browser.get('/api/user');
  expect(response.status).toBe(200);
  return response.json() as Promise<{
    id: number;
    subscriptionStatus: string;
    foiaCredits: number;
  }>;
}
