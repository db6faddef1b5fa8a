import { rateLimitCost } from '../rate-limit-cost.js';
import type { IsolatedStack } from '../stack.js';
import { type BenchSettings, log, type SectionOutcome } from './section.js';

/** A rate-limit check with its counters in memory, then in Redis; skipped without Redis. */
export async function rateLimits(
  _stack: IsolatedStack,
  { concurrency, seconds }: BenchSettings,
): Promise<SectionOutcome | undefined> {
  log('\n6. rate limits: a check with the counters in memory, then in Redis (shared by replicas)');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const cost = await rateLimitCost({ redisUrl, concurrency, seconds });
  if (!cost) {
    log(`  skipped: no Redis at ${redisUrl}`);
    return undefined;
  }
  log(`  ${JSON.stringify(cost)}`);
  return {
    result: cost,
    goal: {
      section: 'rate limits',
      line: `per check: memory p50 ${cost.memory.p50Us} µs, ${cost.memory.cpuUs} µs CPU; Redis p50 ${cost.redis.p50Us} µs (p99 ${cost.redis.p99Us}), ${cost.redis.cpuUs} µs CPU in the caller, at concurrency ${concurrency}`,
      met: null,
    },
  };
}
