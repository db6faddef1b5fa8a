import { testBackends } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { Hono } from 'hono';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, standIn, startStack } from './harness.js';

/** How the stand-in billing and questions answer the next calls. */
let billingAnswer: 'account' | 'error' | 'not json' = 'account';
let windowsAnswer: 'windows' | 'error' = 'windows';
let billingCalls = 0;

const billing = new Hono();
billing.get('/ready', (c) => c.json({ status: 'ready' }));
billing.get('/api/billing/account', (c) => {
  billingCalls++;
  if (billingAnswer === 'error') return c.json({ message: 'Internal server error.' }, 500);
  if (billingAnswer === 'not json') return c.text('<html>proxy error</html>');
  return c.json({
    subscriptionStatus: 'active',
    foiaCredits: 7,
    currentPeriodEnd: null,
    lapsedAt: null,
    creditsExpireAt: null,
  });
});

const questions = new Hono();
questions.get('/ready', (c) => c.json({ status: 'ready' }));
questions.get('/api/questions/windows', async (c) => {
  if (windowsAnswer === 'error') return c.json({ message: 'Internal server error.' }, 500);
  const experts = await identityExperts();
  return c.json(
    experts.map(({ userId }) => ({
      creatorId: userId,
      opensAt: '2026-11-23T15:00:00.000Z',
      closesAt: '2026-11-24T15:00:00.000Z',
      capacity: 10,
      remaining: 4,
    })),
  );
});

let identityExperts: () => Promise<Array<{ userId: number }>> = async () => [];

const [embedded] = testBackends();

describe('gateway compositions (embedded)', () => {
  const h = stackForSuite(() =>
    startStack(embedded!, {
      extra: [standIn('billing', billing), standIn('questions', questions)],
    }),
  );
  beforeAll(async () => {
    identityExperts = async () =>
      (await h.identity.app.request('/api/creators')).json() as Promise<Array<{ userId: number }>>;
  });
  beforeEach(() => {
    billingAnswer = 'account';
    windowsAnswer = 'windows';
    billingCalls = 0;
  });

  async function member() {
    const browser = h.visitor();
    await browser.post('/api/login', { username: 'member', password: DEMO_PASSWORD });
    return browser;
  }

  it("joins the member's identity with billing's subscription and credits", async () => {
    const me = await (await member()).get('/api/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'member',
      role: 'user',
      subscriptionStatus: 'active',
      foiaCredits: 7,
    });
  });

  it('answers a visitor with identity’s 401 without asking billing', async () => {
    const me = await h.visitor().get('/api/user');
    expect(me.status).toBe(401);
    expect(billingCalls).toBe(0);
  });

  it('answers /api/session with the same composed user, and a visitor with null without asking billing', async () => {
    const session = await (await member()).get('/api/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({
      user: expect.objectContaining({
        username: 'member',
        subscriptionStatus: 'active',
        foiaCredits: 7,
      }),
    });
    billingCalls = 0;
    const visitor = await h.visitor().get('/api/session');
    expect(await visitor.json()).toEqual({ user: null });
    expect(billingCalls).toBe(0);
  });

  it('says the balance is unavailable (503) rather than show zero credits when billing fails', async () => {
    const browser = await member();
    for (const answer of ['error', 'not json'] as const) {
      billingAnswer = answer;
      const me = await browser.get('/api/user');
      expect(me.status, answer).toBe(503);
      expect(await me.json()).toEqual({
        message: 'Your account balance is unavailable right now. Please try again shortly.',
        service: 'billing',
      });
    }
  });

  it("lists the experts without windows while questions fails, keeps no such list, and adds each expert's window once questions answers", async () => {
    windowsAnswer = 'error';
    const withoutWindows = await h.visitor().get('/api/creators');
    expect(withoutWindows.status).toBe(200);
    expect(withoutWindows.headers.get('cache-control')).toBe('no-store');
    const experts = await withoutWindows.json();
    expect(experts.length).toBeGreaterThan(0);
    for (const expert of experts) expect(expert).not.toHaveProperty('window');

    windowsAnswer = 'windows';
    const withWindows = await h.visitor().get('/api/creators');
    expect(withWindows.headers.get('cache-control')).toBeNull();
    const listed = await withWindows.json();
    expect(listed.map((expert: { userId: number }) => expert.userId)).toEqual(
      experts.map((expert: { userId: number }) => expert.userId),
    );
    for (const expert of listed) {
      expect(expert.window).toEqual({
        opensAt: '2026-11-23T15:00:00.000Z',
        closesAt: '2026-11-24T15:00:00.000Z',
        capacity: 10,
        remaining: 4,
      });
    }
  });
});
