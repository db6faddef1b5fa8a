import type { ServiceInstance } from '@uapqa/service-kit';
import { type Backend, type Browser, browser, type TestBus } from '@uapqa/service-kit/testing';
import { stackForSuite } from '@uapqa/service-kit/testing/suite-stack';
import { identityConfigSchema } from '../src/config.js';
import { startIdentity } from '../src/service.js';
import { registerVerified } from '../src/testing.js';

export const DEMO_PASSWORD = 'test-demo-password';

export interface IdentityHarness {
  service: ServiceInstance;
  harnessBus: TestBus;
  /** A new browser (its own cookie jar) talking to identity's app. */
  visitor(): ReturnType<typeof browser>;
  signedIn(username: string, password?: string): Promise<ReturnType<typeof browser>>;
  /**
   * Signs a member up in this browser as a person would: registers, opens the link of the
   * confirmation email (its token read from the bus) and is signed in. Returns the answer of
   * `POST /api/verify-email` (200, the user).
   */
  register(session: Browser, body: { email: string } & Record<string, unknown>): Promise<Response>;
  /**
   * Another identity process on the same database. By default on a bus this one does not
   * follow, as a replica whose events have not arrived yet; with `sharesBus`, on this one's bus,
   * as replicas are deployed. Only on a real database (PGlite has one process).
   */
  replica(options?: { sharesBus?: boolean }): Promise<ServiceInstance>;
  stop(): Promise<void>;
}

/** Identity on a fresh database and bus of the given backend, with the demo accounts. */
export async function startHarness(backend: Backend): Promise<IdentityHarness> {
  const database = await backend.database();
  const harnessBus = await backend.bus('identity-test');
  const config = identityConfigSchema.parse({
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const service = await startIdentity({ config, bus: harnessBus.bus });
  const visitor = () => browser(service.app);
  const replicas: Array<{ service: ServiceInstance; bus?: TestBus }> = [];
  return {
    service,
    harnessBus,
    visitor,
    async signedIn(username, password = DEMO_PASSWORD) {
      const session = visitor();
      const response = await session.post('/api/login', { username, password });
      if (response.status !== 200) throw new Error(`login as ${username}: ${response.status}`);
      return session;
    },
    register: (session, body) => registerVerified(session, harnessBus.bus, body),
    async replica({ sharesBus = false } = {}) {
      if (!database.url) throw new Error('a replica needs a real database');
      const bus = sharesBus ? undefined : await backend.bus('identity-replica');
      const replica = await startIdentity({
        config: { ...config, SEED_DEMO: false },
        bus: (bus ?? harnessBus).bus,
      });
      replicas.push({ service: replica, bus });
      return replica;
    },
    async stop() {
      for (const replica of replicas) {
        await replica.service.stop();
        await replica.bus?.cleanup();
      }
      await service.stop();
      await harnessBus.cleanup();
      await database.drop();
    },
  };
}

/** For a describe block: identity on `backend`, for its tests (see stackForSuite). */
export function useHarness(backend: Backend): IdentityHarness {
  return stackForSuite(() => startHarness(backend));
}

/** The user ids of the experts a `/api/creators` answer lists. */
export async function expertIds(answer: Response | Promise<Response>): Promise<number[]> {
  const experts = (await (await answer).json()) as Array<{ userId: number }>;
  return experts.map((expert) => expert.userId);
}

let counter = 0;
export function newMember(overrides: Record<string, unknown> = {}) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `member_${id}`,
    email: `member_${id}@example.com`,
    password: 'correct horse battery',
    firstName: 'Test',
    lastName: 'Member',
    ...overrides,
  };
}
