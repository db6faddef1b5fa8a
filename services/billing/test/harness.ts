import {
  BillingAccount,
  createEvent,
  IDENTITY_STREAM,
  type Role,
  UserRegistered,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import {
  type Backend,
  type Browser,
  browser,
  eventually,
  type TestIdentity,
  testIdentity,
} from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { BillingInstance } from '../src/service.js';
import { billingForTests } from '../src/testing.js';

export interface Member {
  browser: Browser;
  userId: number;
  username: string;
}

export interface BillingAlone {
  billing: BillingInstance;
  bus: EventBus;
  identity: TestIdentity;
  visitor(): Browser;
  /** A member identity announced (UserRegistered), once billing has taken the announcement in. */
  member(options?: { username?: string; role?: Role }): Promise<Member>;
  /** A caller signed in with `role`, of whom billing has heard nothing (staff, experts). */
  signedIn(role: Role): Promise<Browser & { userId: number }>;
  stop(): Promise<void>;
}

// One database per stack, so ids only need to be unique within a file.
let nextUserId = 1;

/** Billing alone on `backend`: its own database, the backend's bus, sessions signed by the test. */
export async function startBilling(
  backend: Backend,
  billingEnv: Record<string, string> = {},
): Promise<BillingAlone> {
  const identity = await testIdentity();
  const database = await backend.database();
  const testBus = await backend.bus('billing-test');
  const billing = await billingForTests(billingEnv).start({
    databaseUrl: database.url,
    bus: testBus.bus,
    identityFetch: identity.identityFetch,
  });
  const bus = testBus.bus;
  const signedIn = async (role: Role) => {
    const userId = nextUserId++;
    return Object.assign(await identity.signedIn(billing.app, { id: userId, role }), { userId });
  };
  // Billing answers staff about members it has heard of only: the sign that a UserRegistered
  // went through its inbox.
  const staff = await signedIn('admin');

  return {
    billing,
    bus,
    identity,
    visitor: () => browser(billing.app),
    signedIn,
    async member({ username, role = 'user' } = {}) {
      const userId = nextUserId++;
      const name = username ?? `buyer_${userId}`;
      await bus.publish(
        IDENTITY_STREAM,
        createEvent(UserRegistered, {
          userId,
          username: name,
          email: `${name}@example.com`,
          firstName: null,
          lastName: null,
          role,
        }),
      );
      await eventually(async () =>
        expect((await staff.get(`/api/admin/users/${userId}/credits`)).status).toBe(200),
      );
      const signed = await identity.signedIn(billing.app, { id: userId, role, username: name });
      return { browser: signed, userId, username: name };
    },
    async stop() {
      await billing.stop();
      await testBus.cleanup();
      await database.drop();
    },
  };
}

/** The caller's subscription and balance, as the member's pages show them. */
export async function currentUser(browser: Browser) {
  const response = await browser.get('/api/billing/account');
  expect(response.status).toBe(200);
  return BillingAccount.parse(await response.json());
}

/** Starts a payment and confirms it through the local provider. */
export async function pay(
  browser: Browser,
  start:
    | { path: '/api/create-subscription' }
    | { path: '/api/purchase-credits'; pack: 'small' | 'bulk' },
  outcome: 'succeeded' | 'failed' = 'succeeded',
) {
  const started = await browser.post(start.path, 'pack' in start ? { package: start.pack } : {});
  expect(started.status).toBe(200);
  const { clientSecret } = await started.json();
  expect(clientSecret).toEqual(expect.any(String));
  const confirmed = await browser.post('/api/billing/local/confirm', { clientSecret, outcome });
  expect(confirmed.status).toBe(200);
  return { clientSecret, result: await confirmed.json() };
}
