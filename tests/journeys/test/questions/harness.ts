import { billingForTests, payLocally } from '@uapqa/billing/testing';
import {
  createEvent,
  MODERATION_STREAM,
  QuestionApproved,
  QuestionRejected,
} from '@uapqa/contracts';
import { type StackServiceContext, startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, signUpNewMember } from '@uapqa/identity/testing';
import type { QuestionsInstance } from '@uapqa/questions';
import { questionsForTests } from '@uapqa/questions/testing';
import type { EventBus } from '@uapqa/service-kit';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import { eventually } from '@uapqa/service-kit/testing';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'questions-demo-password';

export interface QuestionsStack extends TestStack {
  questions: QuestionsInstance;
  member(options?: {
    subscribe?: boolean;
    packs?: Array<'small' | 'bulk'>;
  }): Promise<Browser & { id: number }>;
  signedIn(username: string): Promise<Browser & { id: number }>;
  /**
   * Another questions process on the same database and bus, with its own environment (stopped
   * with the stack). Only on a real database: in-memory PGlite belongs to one process.
   */
  replica(env?: Record<string, string>): Promise<QuestionsInstance>;
  experts(): Promise<
    Array<{ userId: number; questionsPerWeek: number; user: { firstName: string } }>
  >;
}

/**
 * Identity (demo accounts), billing (local payments), questions and the gateway. `questionsBus`
 * may stand between questions and the bus (to lose a reply, say); the others use the bus itself.
 * `billingEnv` adds billing settings (`DEMO_SUBSCRIBER`, say).
 */
export async function startQuestionsStack(
  backend: Backend,
  questionsEnv: Record<string, string> = {},
  questionsBus: (bus: EventBus) => EventBus = (bus) => bus,
  gatewayEnv: Record<string, string> = {},
  billingEnv: Record<string, string> = {},
): Promise<QuestionsStack> {
  const questionsService = questionsForTests(questionsEnv);
  let questionsContext: StackServiceContext | undefined;
  const replicas: QuestionsInstance[] = [];
  const stack = await startTestStack(
    backend,
    [
      identityForTests(DEMO_PASSWORD),
      billingForTests(billingEnv),
      {
        name: questionsService.name,
        start: (context) => {
          questionsContext = context;
          return questionsService.start({ ...context, bus: questionsBus(context.bus) });
        },
      },
    ],
    gatewayEnv,
  );
  const questions = stack.services.questions as QuestionsInstance;
  await questions.seeded;

  async function withId(browser: Browser): Promise<Browser & { id: number }> {
    const me = await (await browser.get('/api/user')).json();
    return Object.assign(browser, { id: me.id as number });
  }

  return {
    ...stack,
    questions,
    async replica(env = {}) {
      if (!questionsContext?.databaseUrl) throw new Error('a replica needs a real database');
      const replica = (await questionsForTests({ ...questionsEnv, ...env }).start(
        questionsContext,
      )) as QuestionsInstance;
      replicas.push(replica);
      return replica;
    },
    async stop() {
      for (const replica of replicas) await replica.stop();
      await stack.stop();
    },
    async member({ subscribe = true, packs = [] } = {}) {
      const browser = stack.visitor();
      const registered = await signUpNewMember(browser, stack.bus.bus, 'asker');
      expect(registered.status).toBe(200);
      if (subscribe) await payLocally(browser, '/api/create-subscription');
      for (const pack of packs)
        await payLocally(browser, '/api/purchase-credits', { package: pack });
      return withId(browser);
    },
    async signedIn(username) {
      const browser = stack.visitor();
      expect((await browser.post('/api/login', { username, password: DEMO_PASSWORD })).status).toBe(
        200,
      );
      return withId(browser);
    },
    async experts() {
      return eventually(async () => {
        const experts = await (await stack.visitor().get('/api/creators')).json();
        expect(experts).toHaveLength(5);
        return experts;
      });
    },
  };
}

export async function credits(browser: Browser): Promise<number> {
  return (await (await browser.get('/api/user')).json()).foiaCredits;
}

/** Moderation's approval of a question, published on the bus as moderation publishes it. */
export function publishApproval(
  bus: EventBus,
  approval: {
    questionId: string;
    askerId: number;
    assignedExpertId: number;
    moderationNotes?: string | null;
    /** When moderation approved it (now unless given): the 72 hours start then. */
    approvedAt?: string;
  },
): Promise<void> {
  return bus.publish(
    MODERATION_STREAM,
    createEvent(QuestionApproved, {
      moderatorId: 2,
      moderationNotes: null,
      approvedAt: new Date().toISOString(),
      ...approval,
    }),
  );
}

/** Moderation's rejection of a question, published on the bus as moderation publishes it. */
export function publishRejection(
  bus: EventBus,
  rejection: { questionId: string; askerId: number; moderationNotes: string | null },
): Promise<void> {
  return bus.publish(
    MODERATION_STREAM,
    createEvent(QuestionRejected, {
      moderatorId: 2,
      rejectedAt: new Date().toISOString(),
      ...rejection,
    }),
  );
}

/** A member's question to the first demo expert, approved by moderation: an answer's subject. */
export async function approvedQuestion(
  stack: QuestionsStack,
  tagId: number,
  title: string,
  /** Which demo expert (in the list's order) is asked: each takes only so many a week. */
  expertIndex = 0,
) {
  const member = await stack.member();
  const expert = (await stack.experts())[expertIndex];
  const category = (await (await stack.visitor().get('/api/categories')).json())[0];
  const asked = await member.post('/api/questions', {
    assignedCreatorId: expert!.userId,
    categoryId: category.id,
    title,
    content: 'Several witnesses describe the same thing from places miles apart.',
    tagIds: [tagId],
  });
  expect(asked.status).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  await publishApproval(stack.bus.bus, {
    questionId: id,
    askerId: member.id,
    assignedExpertId: expert!.userId,
  });
  return { id, expert: expert!, asker: member };
}

/**
 * An answer an expert may publish (at least MIN_ANSWER_LENGTH characters), for tests that are
 * not about its text.
 */
export const SAMPLE_ANSWER =
  'Two samples were taken at the landing site the next morning; both turned out to be marsh gas. ' +
  'The county report of that week, released in 1998, lists the same readings and no other source, ' +
  'and the witnesses agree on the time.';

/** A demo expert (the first unless named) answers, once the approval has reached the read model. */
export async function answer(stack: QuestionsStack, questionId: string, expertUsername = 'dana') {
  const expertUser = await stack.signedIn(expertUsername);
  await eventually(async () => {
    const answered = await expertUser.post('/api/answers', {
      questionId,
      content: SAMPLE_ANSWER,
    });
    expect(answered.status).toBe(201);
  });
}
