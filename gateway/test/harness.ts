import { identityConfigSchema, startIdentity } from '@uapqa/identity';
import type { ServiceInstance } from '@uapqa/service-kit';
import { type Backend, browser, type TestBus } from '@uapqa/service-kit/testing';
import { gatewayConfigSchema } from '../src/config.js';
import { startGateway } from '../src/service.js';
import { inProcessUpstream, type Upstreams } from '../src/upstreams.js';

export const DEMO_PASSWORD = 'gateway-demo-password';
export const ORIGIN = 'http://localhost:3000';

export interface GatewayHarness {
  gateway: ServiceInstance;
  identity: ServiceInstance;
  bus: TestBus;
  visitor(): ReturnType<typeof browser>;
  stop(): Promise<void>;
}

/** Identity (demo accounts) behind a gateway, both on one bus; extra upstreams may be given. */
export async function startStack(
  backend: Backend,
  options: { env?: Record<string, string>; upstreams?: Upstreams } = {},
): Promise<GatewayHarness> {
  const database = await backend.database();
  const bus = await backend.bus('gateway-test');
  const identity = await startIdentity({
    config: identityConfigSchema.parse({
      DATABASE_URL: database.url,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      LOG_LEVEL: 'silent',
    }),
    bus: bus.bus,
  });
  const gateway = await startGateway({
    config: gatewayConfigSchema.parse({ LOG_LEVEL: 'silent', ...options.env }),
    bus: bus.bus,
    upstreams: { identity: inProcessUpstream('identity', identity.app), ...options.upstreams },
  });
  return {
    gateway,
    identity,
    bus,
    visitor: () => browser(gateway.app, ORIGIN),
    async stop() {
      await gateway.stop();
      await identity.stop();
      await bus.cleanup();
      await database.drop();
    },
  };
}

let counter = 0;
export function newMember() {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `gw_${id}`, email: `gw_${id}@example.com`, password: 'correct horse battery' };
}
