import { mkdirSync } from 'node:fs';
import {
  gatewayConfigSchema,
  inProcessUpstream,
  startGateway,
  type Upstreams,
} from '@uapqa/gateway';
import { listen, MemoryEventBus, type ServiceInstance } from '@uapqa/service-kit';
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
  const bus = new MemoryEventBus();
  const started: ServiceInstance[] = [];
  const upstreams: Upstreams = {};
  try {
    for (const service of EMBEDDED_SERVICES) {
      const instance = await service.start(config, bus);
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
