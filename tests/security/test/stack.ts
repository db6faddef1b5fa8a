import { billingForTests, payLocally } from '@uapqa/billing/testing';
import { startTestStack, TEST_ORIGIN, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests } from '@uapqa/identity/testing';
import { moderationForTests } from '@uapqa/moderation/testing';
import { notificationsForTests } from '@uapqa/notifications/testing';
import { questionsForTests } from '@uapqa/questions/testing';
import { type Backend, type Browser, eventually } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'security-demo-password';
export const ORIGIN = TEST_ORIGIN;

/** Who calls: a visitor, or one of the demo accounts of each role. */
export const PRINCIPALS = ['anonymous', 'member', 'expert', 'moderator', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];
const USERNAMES: Record<Exclude<Principal, 'anonymous'>, string> = {
  member: 'member',
  expert: 'dana',
  moderator: 'moderator',
  admin: 'admin',
};

export interface SecurityStack extends TestStack {
  /** A browser signed in as the demo account of that role (anonymous: no cookies). */
  as(principal: Principal): Promise<Browser>;
  /** Sends a raw request to the gateway as that principal (its cookies, our origin). */
  send(principal: Principal, path: string, init?: RequestInit): Promise<Response>;
}

export interface SecurityStackOptions {
  identityEnv?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  /** Give the demo member an active subscription (and its credits) first. */
  subscribeMember?: boolean;
}

/** The whole product behind the gateway, with the demo accounts and the demo archive. */
export async function startSecurityStack(
  backend: Backend,
  options: SecurityStackOptions = {},
): Promise<SecurityStack> {
  const stack = await startTestStack(
    backend,
    [
      identityForTests(DEMO_PASSWORD, options.identityEnv),
      billingForTests(),
      questionsForTests(),
      moderationForTests(),
      notificationsForTests(),
    ],
    options.gatewayEnv,
  );
  // The demo archive is written in the background, and each expert's question window follows
  // identity's events: wait for both, so that nothing changes under a before/after snapshot.
  await (stack.services.questions as unknown as { seeded: Promise<boolean> }).seeded;
  await eventually(
    async () => {
      const experts = await (await stack.visitor().get('/api/creators')).json();
      expect(experts.length).toBeGreaterThan(0);
      expect(experts.every((expert: { window?: unknown }) => expert.window)).toBe(true);
    },
    { timeoutMs: 30_000 },
  );
  const browsers = new Map<Principal, Promise<Browser>>();

  async function signIn(principal: Principal): Promise<Browser> {
    const browser = stack.visitor();
    if (principal === 'anonymous') return browser;
    const login = await browser.post('/api/login', {
      username: USERNAMES[principal],
      password: DEMO_PASSWORD,
    });
    expect(login.status, `login as ${principal}`).toBe(200);
    return browser;
  }

  function as(principal: Principal): Promise<Browser> {
    let browser = browsers.get(principal);
    if (!browser) {
      browser = signIn(principal);
      browsers.set(principal, browser);
    }
    return browser;
  }

  if (options.subscribeMember) {
    await payLocally(await as('member'), '/api/create-subscription');
  }
  // Notifications mails the member's welcome (the seed's sign-up) and receipt (the payment) on
  // its own time, from identity's and billing's events: wait for both, so that they are not
  // written under a before/after snapshot either.
  await eventually(
    async () => {
      const exported = await (await (await as('member')).get('/api/account/export')).json();
      const templates = (exported.notifications.data?.emails ?? []).map(
        (email: { template: string }) => email.template,
      );
      expect(templates).toContain('welcome');
      if (options.subscribeMember) expect(templates).toContain('credits_receipt');
    },
    { timeoutMs: 30_000 },
  );

  return {
    ...stack,
    as,
    async send(principal, path, init = {}) {
      const browser = await as(principal);
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', ORIGIN);
      const cookie = browser.jar.header();
      if (cookie) {
        const extra = headers.get('cookie');
        headers.set('cookie', extra ? `${cookie}; ${extra}` : cookie);
      }
      return stack.gateway.app.request(`${ORIGIN}${path}`, { ...init, headers });
    },
  };
}
