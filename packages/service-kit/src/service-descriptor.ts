import type { z } from 'zod';
import type { FetchImplementation } from './auth/session.js';
import type { EventBus } from './bus/types.js';
import { loadConfig } from './config.js';
import type { ServiceInstance } from './http/service.js';
import type { Logger } from './logger.js';

/** The settings every runnable process reads, the gateway included. */
export interface RunnableConfig {
  PORT: number;
  /** The address to listen on; unset: every interface. */
  HOST?: string | undefined;
  NATS_URL?: string | undefined;
  NATS_STREAM_PREFIX: string;
  NATS_STREAM_REPLICAS: number;
  LOG_LEVEL: string;
}

export interface ServiceStartContext<C> {
  config: C;
  bus: EventBus;
  logger?: Logger | undefined;
  /** How to reach identity's keys (in-process launchers pass identity's own app). */
  identityFetch?: FetchImplementation | undefined;
}

/** Settings as the environment gives them: strings, defaults left to the config schema. */
export type Settings = Record<string, string | undefined>;

/**
 * Everything a launcher needs to know about one service, written once: its `main`, the
 * embedded and distributed launchers and the integration stacks all start it from here, so a
 * new setting or start option cannot be forgotten in one of them.
 */
export interface ServiceDescriptor<
  N extends string = string,
  C extends RunnableConfig = RunnableConfig,
  I extends ServiceInstance = ServiceInstance,
> {
  readonly name: N;
  readonly configSchema: z.ZodType<C>;
  /** The built entry point that runs it as a process of its own. */
  readonly main: string;
  start(context: ServiceStartContext<C>): Promise<I>;
  /**
   * What integration stacks set on top of the schema's defaults (the test's own settings, given
   * here, win over these).
   */
  testDefaults(settings: Settings): Settings;
  /** Its config from settings; a ConfigError names every bad one. */
  configure(settings: Settings): C;
}

export function defineService<
  const N extends string,
  C extends RunnableConfig,
  I extends ServiceInstance = ServiceInstance,
>(definition: {
  name: N;
  configSchema: z.ZodType<C>;
  main: string;
  start(context: ServiceStartContext<C>): Promise<I>;
  testDefaults?: (settings: Settings) => Settings;
}): ServiceDescriptor<N, C, I> {
  return {
    ...definition,
    testDefaults: definition.testDefaults ?? (() => ({})),
    configure: (settings) => loadConfig(definition.configSchema, settings),
  };
}
