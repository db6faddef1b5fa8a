import { billingForTests, payLocally } from '@uapqa/billing/testing';
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

export {
  answer,
  approvedQuestion,
  publishApproval,
  publishRejection,
  SAMPLE_ANSWER,
} from '@uapqa/questions/testing';
