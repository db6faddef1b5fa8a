import {
  CreatorApproved,
  createEvent,
  IDENTITY_STREAM,
  type QuestionWindow,
  type Role,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import {
  type Backend,
  type Browser,
  browser,
  eventually,
  type TestBus,
  testIdentity,
} from '@uapqa/service-kit/testing';
import { expect } from 'vitest';
import type { QuestionsInstance } from '../src/service.js';
import { questionsForTests } from '../src/testing.js';
import { type BillingDouble, startBillingDouble } from './billing-double.js';

/** The demo accounts, with the ids identity gives them, as questions learns of them. */
const ACCOUNTS: Record<string, { id: number; role: Role }> = {
  admin: { id: 1, role: 'admin' },
  moderator: { id: 2, role: 'moderator' },
  member: { id: 3, role: 'user' },
  dana: { id: 4, role: 'expert' },
  marcus: { id: 5, role: 'expert' },
  theo: { id: 6, role: 'expert' },
  evelyn: { id: 7, role: 'expert' },
  graham: { id: 8, role: 'expert' },
};

/** The demo experts, in identity's order, as its CreatorApproved events describe them. */
export const DEMO_EXPERTS = [
  { username: 'dana', firstName: 'Dana', lastName: 'Whitfield', questionsPerWeek: 5 },
  { username: 'marcus', firstName: 'Marcus', lastName: 'Reyes', questionsPerWeek: 4 },
  { username: 'theo', firstName: 'Theo', lastName: 'Lark', questionsPerWeek: 3 },
  { username: 'evelyn', firstName: 'Evelyn', lastName: 'Hart', questionsPerWeek: 3 },
  { username: 'graham', firstName: 'Graham', lastName: 'Sutter', questionsPerWeek: 2 },
].map((expert, index) => ({
  ...expert,
  userId: ACCOUNTS[expert.username]!.id,
  creatorId: index + 1,
}));

export type Member = Browser & { id: number };

/** An expert as the tests pick one, with their current window. */
export interface ListedExpert {
  userId: number;
  questionsPerWeek: number;
  user: { firstName: string };
  window: QuestionWindow;
}

/** Each member's balance, wherever the test holds the browser. */
const ledgers = new WeakMap<Browser, () => number>();
const sessions = new WeakMap<Browser, { role: Role; username: string }>();

export async function credits(member: Browser): Promise<number> {
  const balance = ledgers.get(member);
  if (!balance) throw new Error('not a member of a questions stack');
  return balance();
}

export interface QuestionsStack {
  questions: QuestionsInstance;
  bus: TestBus;
  billing: BillingDouble;
  visitor(): Browser;
  /** A new member, subscribed with the period's credits unless told otherwise. */
  member(options?: { subscribe?: boolean; packs?: Array<'small' | 'bulk'> }): Promise<Member>;
  /** One of the demo accounts (`admin`, `moderator`, `member`, or an expert's username). */
  signedIn(username: string): Promise<Member>;
  /** The same user with a fresh session token, issued at the test's clock (a faked one too). */
  again(member: Member): Promise<Member>;
  /** The five demo experts, once questions knows them, with their windows. */
  experts(): Promise<ListedExpert[]>;
  /** Every listed expert's current window, as the experts list shows it. */
  creators(): Promise<ListedExpert[]>;
  /** Another questions process on the same database and bus (real database only). */
  replica(env?: Record<string, string>): Promise<QuestionsInstance>;
  stop(): Promise<void>;
}

/**
 * Questions alone, on its own database and the backend's bus: the demo experts announced as
 * identity announces them, sessions signed as identity signs them, and billing's credit
 * responders stood in by a ledger. `questionsBus` may stand between questions and the bus.
 */
export async function startQuestionsStack(
  backend: Backend,
  questionsEnv: Record<string, string> = {},
  questionsBus: (bus: EventBus) => EventBus = (bus) => bus,
): Promise<QuestionsStack> {
  const database = await backend.database();
  const testBus = await backend.bus('questions');
  const identity = await testIdentity();
  const billing = await startBillingDouble(testBus.bus);
  const context = { databaseUrl: database.url, identityFetch: identity.identityFetch };
  const questions = (await questionsForTests(questionsEnv).start({
    ...context,
    bus: questionsBus(testBus.bus),
  })) as QuestionsInstance;
  const replicas: QuestionsInstance[] = [];
  for (const expert of DEMO_EXPERTS) {
    await testBus.bus.publish(
      IDENTITY_STREAM,
      createEvent(CreatorApproved, {
        creatorId: expert.creatorId,
        userId: expert.userId,
        brandName: `${expert.firstName} ${expert.lastName}`,
        bio: null,
        firstName: expert.firstName,
        lastName: expert.lastName,
        questionsPerWeek: expert.questionsPerWeek,
      }),
    );
  }
  await questions.seeded;
  let nextMemberId = 1000;

  async function signIn(id: number, role: Role, username: string): Promise<Member> {
    const signed = await identity.signedIn(questions.app, { id, role, username });
    ledgers.set(signed, () => billing.balance(id));
    sessions.set(signed, { role, username });
    return Object.assign(signed, { id });
  }

  async function creators(): Promise<ListedExpert[]> {
    const response = await questions.app.request('/api/questions/windows');
    expect(response.status).toBe(200);
    const windows = (await response.json()) as QuestionWindow[];
    return DEMO_EXPERTS.flatMap((expert) => {
      const window = windows.find((each) => each.creatorId === expert.userId);
      return window ? [{ ...expert, user: { firstName: expert.firstName }, window }] : [];
    });
  }

  return {
    questions,
    bus: testBus,
    billing,
    visitor: () => browser(questions.app),
    async member({ subscribe = true, packs = [] } = {}) {
      const id = nextMemberId++;
      if (subscribe) await billing.subscribe(id, packs);
      else billing.open(id);
      return signIn(id, 'user', `asker${id}`);
    },
    async signedIn(username) {
      const account = ACCOUNTS[username];
      if (!account) throw new Error(`no demo account ${username}`);
      return signIn(account.id, account.role, username);
    },
    experts: () =>
      eventually(async () => {
        const listed = await creators();
        expect(listed).toHaveLength(5);
        return listed;
      }),
    creators,
    again(member) {
      const session = sessions.get(member);
      if (!session) throw new Error('not signed in on this stack');
      return signIn(member.id, session.role, session.username);
    },
    async replica(env = {}) {
      if (!database.url) throw new Error('a replica needs a real database');
      const replica = (await questionsForTests({ ...questionsEnv, ...env }).start({
        ...context,
        bus: await testBus.reconnect(),
      })) as QuestionsInstance;
      replicas.push(replica);
      return replica;
    },
    async stop() {
      for (const replica of replicas) await replica.stop();
      await questions.stop();
      await billing.stop();
      await testBus.cleanup();
      await database.drop();
    },
  };
}
export {
  answer,
  approvedQuestion,
  publishApproval,
  publishRejection,
  SAMPLE_ANSWER,
} from '../src/testing.js';

/** An expert whose current window still has `places` places. */
export async function expertWithRoom(stack: QuestionsStack, places: number) {
  const roomy = (await stack.creators()).find((expert) => expert.window.remaining >= places);
  if (!roomy) throw new Error(`no expert has ${places} places left this week`);
  return roomy;
}
