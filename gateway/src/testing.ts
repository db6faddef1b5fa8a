import type { FetchImplementation, ServiceInstance } from '@uapqa/service-kit';
import {
  type Backend,
  type Browser,
  browser,
  type TestBus,
  type TestServiceContext,
} from '@uapqa/service-kit/testing';
import { gatewayConfigSchema } from './config.js';
import type { ServiceName } from './route-table.js';
import { startGateway } from './service.js';
import { inProcessUpstream, type Upstreams } from './upstreams.js';

export const TEST_ORIGIN = 'http://localhost:3000';

/** What the stack hands each service it starts (services' `…ForTests` take exactly this). */
export type StackServiceContext = TestServiceContext;

export interface StackService {
  name: ServiceName;
  start(context: StackServiceContext): Promise<ServiceInstance>;
}

export interface TestStack {
  gateway: ServiceInstance;
  services: Partial<Record<ServiceName, ServiceInstance>>;
  bus: TestBus;
  /** A new browser with its own cookies, talking to the gateway. */
  visitor(): Browser;
  stop(): Promise<void>;
}

/**
 * Services (identity first) on fresh databases and one bus of the backend, behind a gateway,
 * all in this process: what integration suites of every service drive through `app.request()`.
 */
export async function startTestStack(
  backend: Backend,
  services: StackService[],
  gatewayEnv: Record<string, string> = {},
): Promise<TestStack> {
  const bus = await backend.bus('stack');
  const started: Partial<Record<ServiceName, ServiceInstance>> = {};
  const drops: Array<() => Promise<void>> = [];
  const identityFetch: FetchImplementation = async (url, init) => {
    if (!started.identity) throw new Error('identity is not started');
    return started.identity.app.request(url, init);
  };
  const upstreams: Upstreams = {};
  for (const service of services) {
    const database = await backend.database();
    drops.push(database.drop);
    const instance = await service.start({
      databaseUrl: database.url,
      bus: bus.bus,
      identityFetch,
    });
    started[service.name] = instance;
    upstreams[service.name] = inProcessUpstream(service.name, instance.app);
  }
  const gateway = await startGateway({
    config: gatewayConfigSchema.parse({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      // As behind a load balancer: tests name their clients' addresses (X-Forwarded-For), so
      // per-address limits (sign-ups, logins) see many clients, not one test process.
      TRUST_PROXY: 'true',
      ...gatewayEnv,
    }),
    bus: bus.bus,
    upstreams,
  });
  return {
    gateway,
    services: started,
    bus,
    visitor: () => browser(gateway.app, TEST_ORIGIN),
    async stop() {
      await gateway.stop();
      for (const instance of Object.values(started).reverse()) await instance.stop();
      await bus.cleanup();
      for (const drop of drops) await drop();
    },
  };
}
