import {
  createLogger,
  createSessionVerifier,
  type EventBus,
  identityKeys,
  type Logger,
  RevocationList,
  rateLimitStore,
  type ServiceInstance,
} from '@uapqa/service-kit';
import { buildGatewayApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { publicLists } from './public-lists.js';
import { SERVICES } from './route-table.js';
import { httpUpstream, type Upstreams } from './upstreams.js';

export interface GatewayOptions {
  config: GatewayConfig;
  bus: EventBus;
  logger?: Logger;
  /** Embedded mode passes in-process upstreams; otherwise they come from the *_URL variables. */
  upstreams?: Upstreams;
}

export function upstreamsFromConfig(config: GatewayConfig): Upstreams {
  const urls: Record<(typeof SERVICES)[number], string | undefined> = {
    identity: config.IDENTITY_URL,
    billing: config.BILLING_URL,
    questions: config.QUESTIONS_URL,
    moderation: config.MODERATION_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
  const upstreams: Upstreams = {};
  for (const name of SERVICES) {
    const url = urls[name];
    if (url)
      upstreams[name] = httpUpstream(name, url.replace(/\/$/, ''), config.UPSTREAM_TIMEOUT_MS);
  }
  return upstreams;
}

export async function startGateway(options: GatewayOptions): Promise<ServiceInstance> {
  const { config, bus } = options;
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const upstreams = options.upstreams ?? upstreamsFromConfig(config);
  const revocations = new RevocationList();
  const following = await revocations.follow(bus);
  const identity = upstreams.identity;
  const keys = identityKeys(identity?.baseUrl ?? 'http://identity.invalid', (url, init) =>
    identity
      ? identity.fetch(new Request(url, init))
      : Promise.reject(new Error('identity is not deployed')),
  );
  const verifier = createSessionVerifier({ keys, revocations });
  const lists = publicLists(config.PUBLIC_LISTS_CACHE_MS);
  const renewing = await lists.follow(bus);
  const rateLimits = rateLimitStore(config.REDIS_URL, logger);
  const app = buildGatewayApp({
    config,
    logger,
    upstreams,
    verifier,
    lists,
    rateLimits,
    readiness: { bus: () => bus.ready() },
  });
  return {
    name: 'gateway',
    app,
    async stop() {
      await following.stop();
      for (const subscription of renewing) await subscription.stop();
      await rateLimits.close();
    },
  };
}
