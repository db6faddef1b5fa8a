import type { FetchImplementation } from '../auth/session.js';
import type { EventBus } from '../bus/types.js';
import type { ServiceInstance } from '../http/service.js';
import type { RunnableConfig, ServiceDescriptor, Settings } from '../service-descriptor.js';

/** What an integration stack hands each service it starts. */
export interface TestServiceContext {
  /** The service's own fresh database (undefined: in-memory PGlite). */
  databaseUrl: string | undefined;
  bus: EventBus;
  /** Reaches identity's in-process app (for its session keys). */
  identityFetch: FetchImplementation;
}

/**
 * A service as integration stacks start it: quiet, on the database the stack gives it, with its
 * test defaults under `settings`.
 */
export function serviceForTests<
  N extends string,
  C extends RunnableConfig,
  I extends ServiceInstance,
>(service: ServiceDescriptor<N, C, I>, settings: Settings = {}) {
  return {
    name: service.name,
    start: ({ databaseUrl, bus, identityFetch }: TestServiceContext): Promise<I> =>
      service.start({
        bus,
        identityFetch,
        config: service.configure({
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'silent',
          ...service.testDefaults(settings),
          ...settings,
        }),
      }),
  };
}
