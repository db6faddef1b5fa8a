import {
  createLogger,
  createRateLimiter,
  inMemoryRateLimits,
  type RateLimitStore,
  redisRateLimits,
} from '@uapqa/service-kit';

export interface LimiterCost {
  /** Checks per second one process made, `concurrency` at a time. */
  perSecond: number;
  p50Us: number;
  p99Us: number;
  /** This process's CPU per check (Redis's own is not counted), in µs. */
  cpuUs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Closed loops checking one limit (the gateway's, every request's) for `seconds`. */
async function measure(
  store: RateLimitStore,
  concurrency: number,
  seconds: number,
  keyPrefix: string,
): Promise<LimiterCost> {
  // A budget no caller reaches: every check is counted and passes, as a normal request's is.
  const limiter = createRateLimiter({
    store,
    name: `${keyPrefix}bench`,
    points: 1_000_000_000,
    durationSeconds: 60,
  });
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      // One key per caller: many client addresses, as a gateway sees.
      const key = `203.0.113.${worker}`;
      while (performance.now() < until) {
        const before = performance.now();
        await limiter.consume(key);
        latencies.push((performance.now() - before) * 1000);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / elapsed),
    p50Us: Math.round(percentile(latencies, 50)),
    p99Us: Math.round(percentile(latencies, 99)),
    cpuUs: Math.round((cpu.user + cpu.system) / latencies.length),
  };
}

/**
 * What a rate-limit check costs a request when the counters are in this process's memory and
 * when they are in Redis (shared by replicas): in turn, in rounds, so neither is favoured by when
 * it ran on a busy machine.
 */
export async function rateLimitCost(options: {
  redisUrl: string;
  concurrency: number;
  seconds: number;
  rounds?: number;
}): Promise<{ memory: LimiterCost; redis: LimiterCost } | null> {
  const rounds = options.rounds ?? 3;
  const keyPrefix = `bench-${process.pid}-${Date.now().toString(36)}:`;
  const redis = redisRateLimits(options.redisUrl, {
    logger: createLogger('bench', 'warn'),
    keyPrefix,
  });
  const connected = await Promise.race([
    redis.connected().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
  ]);
  if (!connected) {
    await redis.close();
    return null;
  }
  const runs: Record<'memory' | 'redis', LimiterCost[]> = { memory: [], redis: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const order: Array<'memory' | 'redis'> =
        round % 2 ? ['redis', 'memory'] : ['memory', 'redis'];
      for (const name of order) {
        const store = name === 'memory' ? inMemoryRateLimits : redis;
        runs[name].push(
          await measure(store, options.concurrency, options.seconds / rounds, keyPrefix),
        );
      }
    }
  } finally {
    await redis.close();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const combine = (list: LimiterCost[]): LimiterCost => ({
    perSecond: median(list.map((run) => run.perSecond)),
    p50Us: median(list.map((run) => run.p50Us)),
    p99Us: median(list.map((run) => run.p99Us)),
    cpuUs: median(list.map((run) => run.cpuUs)),
  });
  return { memory: combine(runs.memory), redis: combine(runs.redis) };
}
