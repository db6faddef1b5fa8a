import { billingForTests, payLocally } from '@uapqa/billing/testing';
import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, signUpNewMember } from '@uapqa/identity/testing';
import type { QueueItem } from '@uapqa/moderation/testing';
import { moderationForTests } from '@uapqa/moderation/testing';
import { notificationsForTests, startSmtp, type TestSmtp } from '@uapqa/notifications/testing';
import { questionsForTests } from '@uapqa/questions/testing';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import { eventually } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'moderation-demo-password';

export type SignedIn = Browser & { id: number };

export type { QueueItem } from '@uapqa/moderation/testing';

/** An expert as members and staff choose them from the experts list. */
export interface Listed {
  id: number;
  userId: number;
  user: { firstName: string };
}

export interface ModerationStack extends TestStack {
  /** The SMTP server notifications delivers to: what members and experts were emailed. */
  smtp: TestSmtp;
  member(): Promise<SignedIn>;
  signedIn(username: string): Promise<SignedIn>;
  /** A question from `member` to `expertId`, once it shows in the moderation queue. */
  ask(member: SignedIn, expertId: number, overrides?: Record<string, unknown>): Promise<QueueItem>;
  /** The whole pending queue as `staff` sees it. */
  pending(staff: Browser): Promise<QueueItem[]>;
  /** The experts list members ask from and staff assign from. */
  listed(): Promise<Listed[]>;
  /** User id of an expert whose window still has `places` places this week. */
  expertWithRoom(places: number): Promise<number>;
}

/**
 * The whole product behind the gateway: identity (demo accounts), billing (local payments),
 * questions, moderation, and notifications mailing a real SMTP server. Moderation announces each
 * decision at once unless `moderationEnv` sets a hold (DECISION_HOLD_SECONDS).
 */
export async function startModerationStack(
  backend: Backend,
  moderationEnv: Record<string, string> = {},
): Promise<ModerationStack> {
  const smtp = await startSmtp();
  const stack = await startTestStack(backend, [
    identityForTests(DEMO_PASSWORD),
    billingForTests(),
    questionsForTests({ SEED_DEMO: 'false' }),
    moderationForTests(moderationEnv),
    notificationsForTests({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://uap.example' }),
  ]);
  let taxonomy: { categoryId: number; tagIds: number[] } | undefined;
  let watcher: Promise<SignedIn> | undefined;

  async function withId(browser: Browser): Promise<SignedIn> {
    const me = await (await browser.get('/api/user')).json();
    return Object.assign(browser, { id: me.id as number });
  }

  async function pending(staff: Browser): Promise<QueueItem[]> {
    const response = await staff.get('/api/admin/questions/pending?limit=200');
    expect(response.status).toBe(200);
    return response.json();
  }

  /** Categories and topics are admin-made when the demo seed is off. */
  async function ensureTaxonomy(): Promise<{ categoryId: number; tagIds: number[] }> {
    if (taxonomy) return taxonomy;
    const admin = await signedIn('admin');
    const category = await admin.post('/api/admin/categories', { name: 'Sightings' });
    expect(category.status).toBe(201);
    const tagIds: number[] = [];
    for (const name of ['Radar', 'Witnesses']) {
      const tag = await admin.post('/api/admin/tags', { name });
      expect(tag.status).toBe(201);
      tagIds.push((await tag.json()).id);
    }
    taxonomy = { categoryId: (await category.json()).id, tagIds };
    return taxonomy;
  }

  async function signedIn(username: string): Promise<SignedIn> {
    const browser = stack.visitor();
    const login = await browser.post('/api/login', { username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return withId(browser);
  }

  return {
    ...stack,
    smtp,
    async stop() {
      await stack.stop();
      await smtp.stop();
    },
    signedIn,
    pending,
    async member() {
      const browser = stack.visitor();
      const registered = await signUpNewMember(browser, stack.bus.bus, 'asker');
      expect(registered.status).toBe(200);
      await payLocally(browser, '/api/create-subscription');
      return withId(browser);
    },
    async ask(member, expertId, overrides = {}) {
      const { categoryId, tagIds } = await ensureTaxonomy();
      const response = await member.post('/api/questions', {
        assignedCreatorId: expertId,
        categoryId,
        title: 'What did the carrier radar operators see?',
        content: 'Looking for the sequence of radar events during the encounter.',
        context: 'Read about it in a newspaper.',
        sources: 'https://example.com/article',
        tagIds,
        ...overrides,
      });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      watcher ??= signedIn('moderator');
      const staff = await watcher;
      return eventually(async () => {
        const item = (await pending(staff)).find((each) => each.id === id);
        expect(item).toBeDefined();
        return item!;
      });
    },
    async listed() {
      return (await stack.visitor().get('/api/creators')).json();
    },
    async expertWithRoom(places) {
      return eventually(async () => {
        const experts = await (await stack.visitor().get('/api/creators')).json();
        expect(experts).toHaveLength(5);
        const roomy = experts.find(
          (c: { window?: { remaining: number } }) => (c.window?.remaining ?? 0) >= places,
        );
        if (!roomy) throw new Error(`no expert has ${places} places left this week`);
        return roomy.userId as number;
      });
    },
  };
}

export async function credits(browser: Browser): Promise<number> {
  return (await (await browser.get('/api/user')).json()).foiaCredits;
}
