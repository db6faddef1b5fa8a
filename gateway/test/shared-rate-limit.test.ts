import {
  createLogger,
  createSessionVerifier,
  identityKeys,
  inMemoryRateLimits,
  type RateLimitStore,
  RevocationList,
  redisRateLimits,
} from '@uapqa/service-kit';
import { uniqueName } from '@uapqa/service-kit/testing';
import type { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/app.js';
import { gatewayConfigSchema } from '../src/config.js';

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 4;
const logger = createLogger('gateway', 'silent');

/** A gateway replica with no service behind it: the limit comes before any routing. */
function replica(rateLimits: RateLimitStore): Hono {
  return buildGatewayApp({
    config: gatewayConfigSchema.parse({
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      TRUST_PROXY: 'true',
    }),
    logger,
    upstreams: {},
    verifier: createSessionVerifier({
      keys: identityKeys('http://identity.invalid'),
      revocations: new RevocationList(),
    }),
    rateLimits,
  });
}

/**
 * What one client address gets, its requests alternating between the replicas: `limited` (429)
 * or `passed` (whatever the absent services make of it).
 */
async function alternate(replicas: Hono[], requests: number, address: string) {
  const statuses: string[] = [];
  for (let n = 0; n < requests; n++) {
    const response = await replicas[n % replicas.length]!.request('/api/health', {
      headers: { 'x-forwarded-for': address },
    });
    statuses.push(response.status === 429 ? 'limited' : 'passed');
  }
  return statuses;
}

const passed = (count: number) => Array.from({ length: count }, () => 'passed');
const limited = (count: number) => Array.from({ length: count }, () => 'limited');

describe('the per-address API limit across gateway replicas', () => {
  const stores: RateLimitStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  it('counts per replica in memory: two replicas allow an address twice the limit', async () => {
    const statuses = await alternate(
      [replica(inMemoryRateLimits), replica(inMemoryRateLimits)],
      2 * LIMIT + 2,
      '198.51.100.7',
    );
    expect(statuses.filter((status) => status === 'passed')).toHaveLength(2 * LIMIT);
  });

  it.runIf(redisUrl)('is one limit for all replicas sharing Redis', async () => {
    // Two replicas, each its own connection, as two processes have; a key prefix of this run.
    const keyPrefix = `${uniqueName('rate')}:`;
    const first = redisRateLimits(redisUrl!, { logger, keyPrefix });
    const second = redisRateLimits(redisUrl!, { logger, keyPrefix });
    stores.push(first, second);
    await Promise.all([first.connected(), second.connected()]);
    const statuses = await alternate([replica(first), replica(second)], 2 * LIMIT, '198.51.100.8');
    expect(statuses).toEqual([...passed(LIMIT), ...limited(LIMIT)]);
    // Another address has its own budget.
    expect(await alternate([replica(first)], 1, '198.51.100.9')).toEqual(passed(1));
  });

  it('keeps limiting in each replica while Redis cannot be reached, without waiting on it', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const unreachable = redisRateLimits('redis://127.0.0.1:1', { logger });
    stores.push(unreachable);
    const started = Date.now();
    const statuses = await alternate([replica(unreachable)], LIMIT + 1, '198.51.100.10');
    expect(statuses).toEqual([...passed(LIMIT), ...limited(1)]);
    // Far below any connect timeout: no request waited for Redis.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
