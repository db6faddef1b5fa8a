import type { ServiceInstance } from '@uapqa/service-kit';
import { type Backend, browser, type TestBus } from '@uapqa/service-kit/testing';
import { identityConfigSchema } from '../src/config.js';
import { startIdentity } from '../src/service.js';

export const DEMO_PASSWORD = 'test-demo-password';

export interface IdentityHarness {
  service: ServiceInstance;
  harnessBus: TestBus;
  /** A new browser (its own cookie jar) talking to identity's app. */
  visitor(): ReturnType<typeof browser>;
  signedIn(username: string, password?: string): Promise<ReturnType<typeof browser>>;
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
    async stop() {
      await service.stop();
      await harnessBus.cleanup();
      await database.drop();
    },
  };
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
