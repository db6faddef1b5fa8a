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
      const instance = await service.start(config, bus, identityFetch);
      started.push(instance);
      upstreams[service.name] = inProcessUpstream(service.name, instance.app);
    }
    const gateway = await startGateway({
      bus,
      upstreams,
      config: gatewayConfigSchema.parse({
        PORT: String(config.PORT),
        LOG_LEVEL: config.LOG_LEVEL,
        // One visitor on localhost is the whole audience here; the per-IP budget stays generous.
        RATE_LIMIT_PER_MINUTE: '6000',
      }),
    });
    started.push(gateway);
    const server = await listen(gateway.app, config.PORT, config.HOST);
    return {
      url: `http://localhost:${server.port}`,
      port: server.port,
      services: EMBEDDED_SERVICES.map((service) => service.name),
      async stop() {
        await server.close();
        for (const instance of started.reverse()) await instance.stop();
        await bus.close();
      },
    };
  } catch (error) {
    for (const instance of started.reverse()) await instance.stop().catch(() => {});
    throw error;
  }
}
