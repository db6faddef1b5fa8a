import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  gatewayConfigSchema,
  inProcessUpstream,
  startGateway,
  type Upstreams,
} from '@uapqa/gateway';
import {
  type FetchImplementation,
  listen,
  MemoryEventBus,
  type ServiceInstance,
} from '@uapqa/service-kit';
import type { EmbeddedConfig } from './config.js';
import { EMBEDDED_SERVICES } from './services.js';

export interface EmbeddedStack {
  url: string;
  port: number;
  services: string[];
  stop(): Promise<void>;
}

/** Starts every service and the gateway in this process and serves them on one port. */
export async function startEmbedded(config: EmbeddedConfig): Promise<EmbeddedStack> {
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Listen first: with PORT 0 the address, which emails link to, is known only once bound.
  // Until the gateway is up, a request gets a 503 naming the reason.
  let gatewayFetch: ServiceInstance['app']['fetch'] | undefined;
  const server = await listen(
    {
      fetch: (request, ...rest) =>
        gatewayFetch ? gatewayFetch(request, ...rest) : Response.json(STARTING, { status: 503 }),
    },
    config.PORT,
    config.HOST,
  );
  const url = `http://localhost:${server.port}`;
  const resolved: EmbeddedConfig = {
    ...config,
    PORT: server.port,
    PUBLIC_URL: config.PUBLIC_URL ?? url,
  };
  // Kept in the data folder, so an event not yet consumed when the process stops is not lost.
  const bus = new MemoryEventBus({ directory: join(config.DATA_DIR, 'bus') });
  const started: ServiceInstance[] = [];
  const upstreams: Upstreams = {};
  const identityFetch: FetchImplementation = async (url, init) => {
    const identity = started.find((instance) => instance.name === 'identity');
    if (!identity) throw new Error('identity is not started');
    return identity.app.request(url, init);
  };
  try {
    for (const service of EMBEDDED_SERVICES) {
      const instance = await service.start(resolved, bus, identityFetch);
      started.push(instance);
      upstreams[service.name] = inProcessUpstream(service.name, instance.app);
    }
    const gateway = await startGateway({
      bus,
      upstreams,
      config: gatewayConfigSchema.parse({
        PORT: String(resolved.PORT),
        LOG_LEVEL: config.LOG_LEVEL,
        // One visitor on localhost is the whole audience here; the per-IP budget stays generous.
        RATE_LIMIT_PER_MINUTE: '6000',
      }),
    });
    started.push(gateway);
    gatewayFetch = gateway.app.fetch;
    return {
      url,
      port: server.port,
      services: EMBEDDED_SERVICES.map((service) => service.name),
      async stop() {
        await server.close();
        for (const instance of started.reverse()) await instance.stop();
        await bus.close();
      },
    };
  } catch (error) {
    await server.close();
    for (const instance of started.reverse()) await instance.stop().catch(() => {});
    throw error;
  }
}

const STARTING = { message: 'UAP Answers is starting; try again in a moment.' };
