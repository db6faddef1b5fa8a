/**
 * The Node runner of the scenario definitions in ../scenarios: performs the steps a scenario's
 * generators yield with node's HTTP client, runs k6's executors (ramping-vus with stages, constant-vus,
 * constant-arrival-rate, per-vu-iterations, shared-iterations), records every request, and
 * evaluates the scenario's k6 thresholds on the result.
 */
import type { Client } from './client.js';
import type { Recorder } from './recorder.js';
import type { ExecutorOptions, ScenarioModule } from './scenario.js';
import { delay, parseDuration } from './time.js';

export interface Overrides {
  /** Total length: stages are scaled to it; constant-vus runs this long. */
  durationMs?: number;
  /** Peak virtual users: stage targets are scaled to it; fixed-VU executors use it. */
  vus?: number;
}

/** The executor options with the overrides applied. */
export function applyOverrides(options: ExecutorOptions, overrides: Overrides): ExecutorOptions {
  const result: ExecutorOptions = { ...options };
  if (options.executor === 'ramping-vus') {
    const stages = options.stages ?? [];
    const total = stages.reduce((sum, stage) => sum + parseDuration(stage.duration), 0);
    const peak = Math.max(options.startVUs ?? 0, ...stages.map((stage) => stage.target), 1);
    result.stages = stages.map((stage) => ({
      duration: overrides.durationMs
        ? `${Math.round((parseDuration(stage.duration) / total) * overrides.durationMs)}ms`
        : stage.duration,
      target: overrides.vus ? Math.round((stage.target / peak) * overrides.vus) : stage.target,
    }));
    if (overrides.vus && options.startVUs) {
      result.startVUs = Math.round((options.startVUs / peak) * overrides.vus);
    }
  } else {
    const timed =
      options.executor === 'constant-vus' || options.executor === 'constant-arrival-rate';
    if (overrides.vus) {
      if (options.executor === 'constant-arrival-rate') result.maxVUs = overrides.vus;
      else result.vus = overrides.vus;
    }
    if (overrides.durationMs) {
      if (timed) result.duration = `${overrides.durationMs}ms`;
      else result.maxDuration = `${overrides.durationMs}ms`;
    }
  }
  return result;
}

/** The VU count a ramping-vus executor wants `elapsed` ms in. */
export function targetAt(options: ExecutorOptions, elapsed: number): number {
  let from = options.startVUs ?? 0;
  let t = 0;
  for (const stage of options.stages ?? []) {
    const length = parseDuration(stage.duration);
    if (elapsed < t + length) {
      return Math.round(from + ((stage.target - from) * (elapsed - t)) / Math.max(length, 1));
    }
    t += length;
    from = stage.target;
  }
  return from;
}

/**
 * An open model: iterations start on a fixed schedule, whatever the answers' latency, so a slow
 * stack shows as latency rather than as fewer requests (closed loops hide it). Each starts on a
 * free VU; with none free and `maxVUs` reached, the arrival is dropped and counted, as k6 does.
 */
async function arrivals(
  options: ExecutorOptions,
  iterate: (vu: number, iteration: number) => Promise<void>,
  recorder: Recorder,
): Promise<void> {
  const interval = parseDuration(options.timeUnit ?? '1s') / (options.rate ?? 1);
  const maxVus = Math.max(options.maxVUs ?? options.preAllocatedVUs ?? 1, 1);
  const duration = parseDuration(options.duration ?? '30s');
  const free: number[] = [];
  let allocated = 0;
  const running = new Set<Promise<void>>();
  // Counted, not compared against the clock: `started + n * interval` loses the last digits.
  const total = Math.ceil(duration / interval - 1e-9);
  const started = performance.now();
  for (let iteration = 0; iteration < total; iteration++) {
    const due = started + iteration * interval;
    await delay(Math.max(0, due - performance.now()));
    const vu = free.pop() ?? (allocated < maxVus ? allocated++ : undefined);
    if (vu === undefined) {
      recorder.droppedIterations++;
      continue;
    }
    const run: Promise<void> = iterate(vu, iteration).finally(() => {
      running.delete(run);
      free.push(vu);
    });
    running.add(run);
  }
  await Promise.all(running);
}

/** Runs one executor of a scenario module, iterations on `client`, VU ids from `firstVu`. */
export async function runExecutor(
  module: ScenarioModule,
  options: ExecutorOptions,
  client: Client,
  data: unknown,
  firstVu = 1,
): Promise<void> {
  const recorder = client.recorder;
  const iterate = async (vu: number, iteration: number) => {
    try {
      await client.drive(module.iteration(data, { vu, iteration }));
    } catch (error) {
      // As k6 would log an exception in an iteration; here it also counts as a failure.
      recorder.add(
        {
          name: 'iteration error',
          scenario: client.scenario,
          method: '-',
          status: 0,
          failed: true,
          ms: 0,
        },
        String((error as Error).message),
      );
    }
    recorder.iterations++;
  };

  if (options.executor === 'ramping-vus') {
    const stages = options.stages ?? [];
    const total = stages.reduce((sum, stage) => sum + parseDuration(stage.duration), 0);
    const graceful = parseDuration(options.gracefulRampDown ?? '30s');
    const started = performance.now();
    const alive: boolean[] = [];
    const loops: Promise<void>[] = [];
    let wanted = targetAt(options, 0);
    // A VU above the target finishes its iteration and stops; it starts again if the target rises.
    const vuLoop = async (index: number) => {
      try {
        for (let iteration = 0; ; iteration++) {
          if (performance.now() - started >= total || index >= wanted) return;
          await iterate(firstVu + index, iteration);
        }
      } finally {
        alive[index] = false;
      }
    };
    while (performance.now() - started < total) {
      wanted = targetAt(options, performance.now() - started);
      for (let index = 0; index < wanted; index++) {
        if (!alive[index]) {
          alive[index] = true;
          loops.push(vuLoop(index));
        }
      }
      await delay(20);
    }
    await Promise.race([Promise.all(loops), delay(graceful)]);
    return;
  }

  if (options.executor === 'constant-vus') {
    const until = performance.now() + parseDuration(options.duration ?? '30s');
    await Promise.all(
      Array.from({ length: options.vus ?? 1 }, async (_, index) => {
        for (let iteration = 0; performance.now() < until; iteration++) {
          await iterate(firstVu + index, iteration);
        }
      }),
    );
    return;
  }

  if (options.executor === 'constant-arrival-rate') {
    await arrivals(options, (vu, iteration) => iterate(firstVu + vu, iteration), recorder);
    return;
  }

  if (options.executor === 'per-vu-iterations' || options.executor === 'shared-iterations') {
    const perVu = options.executor === 'per-vu-iterations';
    const iterations = options.iterations ?? 1;
    const until = performance.now() + parseDuration(options.maxDuration ?? '10m');
    let shared = 0;
    await Promise.all(
      Array.from({ length: options.vus ?? 1 }, async (_, index) => {
        for (let iteration = 0; performance.now() < until; iteration++) {
          if (perVu ? iteration >= iterations : shared++ >= iterations) return;
          await iterate(firstVu + index, iteration);
        }
      }),
    );
    return;
  }
  throw new Error(`executor '${options.executor}' is not supported by the Node runner`);
}
