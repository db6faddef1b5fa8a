import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';

export interface LimitDefinition {
  points: number;
  durationSeconds: number;
  /** Names the limit's counters in a shared store: one name per limit, never reused. */
  name: string;
}

/** Where the counters of rate limits live. */
export interface RateLimitStore {
  limiter(limit: LimitDefinition): RateLimiterAbstract;
  /** Settles once the counters are shared (the store reached); at once for memory. */
  connected(): Promise<void>;
  close(): Promise<void>;
}

/** Each process counts for itself: the embedded mode's store, and the default. */
export const inMemoryRateLimits: RateLimitStore = {
  limiter: (limit) =>
    new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds }),
  connected: async () => {},
  close: async () => {},
};

/**
 * Counters in Redis, shared by every replica, so N replicas allow a client the limit once and
 * not N times. While Redis cannot be reached each limiter falls back to counting in this
 * process's memory (rate-limiter-flexible's insurance limiter): limits keep holding, per
 * replica, as they did before the store was shared, and a warning says Redis is gone. A
 * request is never refused, nor left waiting, because Redis is down.
 */
export function redisRateLimits(
  url: string,
  options: { logger: Logger; keyPrefix?: string },
): RateLimitStore {
  const keyPrefix = options.keyPrefix ?? 'uapqa:rate-limit:';
  const client = new Redis(url, {
    // A command while disconnected fails at once (and the insurance limiter answers).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  let reachable = true;
  client.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    options.logger.warn(
      { err: error.message },
      'Redis is unreachable: rate limits are counted per process until it is back',
    );
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    options.logger.info('Redis is back: rate limits are shared again');
  });
  return {
    limiter: (limit) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}${limit.name}`,
        points: limit.points,
        duration: limit.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          points: limit.points,
          duration: limit.durationSeconds,
        }),
      }),
    connected: () =>
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise((resolve) => client.once('ready', () => resolve())),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Redis when a URL is configured, otherwise each process's own memory. */
export function rateLimitStore(url: string | undefined, logger: Logger): RateLimitStore {
  return url ? redisRateLimits(url, { logger }) : inMemoryRateLimits;
}
