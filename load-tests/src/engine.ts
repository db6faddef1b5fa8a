/**
 * The Node runner of the scenario definitions in ../scenarios: performs the steps a scenario's
 * generators yield with node's HTTP client, runs k6's executors (ramping-vus with stages, constant-vus,
 * constant-arrival-rate, per-vu-iterations, shared-iterations), records every request, and
 * evaluates the scenario's k6 thresholds on the result.
 */
import { HttpClient } from '@uapqa/service-kit';

export interface RequestStep {
  kind: 'request';
  method: string;
  path: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  name?: string;
  expect?: number[];
}
export type Step =
  | RequestStep
  | { kind: 'batch'; requests: RequestStep[] }
  | { kind: 'sleep'; seconds: number }
  | { kind: 'metric'; name: string; value: number }
  | { kind: 'note'; message: string };

export interface StepResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  cookies: string;
}

export type ScenarioGenerator<T = unknown> = Generator<Step, T, unknown>;

export interface ExecutorOptions {
  executor: string;
  startVUs?: number;
  stages?: Array<{ duration: string; target: number }>;
  vus?: number;
  iterations?: number;
  duration?: string;
  maxDuration?: string;
  gracefulRampDown?: string;
  startTime?: string;
  /** constant-arrival-rate: iterations started per `timeUnit` (default 1s), on free VUs. */
  rate?: number;
  timeUnit?: string;
  preAllocatedVUs?: number;
  maxVUs?: number;
}

export interface ScenarioModule {
  options: {
    scenarios: Record<string, ExecutorOptions>;
    thresholds?: Record<string, Array<string | { threshold: string }>>;
  };
  setup?: Record<string, number>;
  metrics?: Record<string, 'counter' | 'rate' | 'trend'>;
  iteration(data: unknown, context: { vu: number; iteration: number }): ScenarioGenerator<void>;
}

/** The scenario modules (../scenarios/index.js) and the shared setup, loaded at run time. */
export async function loadScenarios(): Promise<{
  scenarios: Record<string, ScenarioModule>;
  prepare: (need?: Record<string, number>) => ScenarioGenerator<unknown>;
}> {
  const index = await import(new URL('../scenarios/index.js', import.meta.url).href);
  const setup = await import(new URL('../scenarios/lib/setup.js', import.meta.url).href);
  return { scenarios: index.scenarios, prepare: setup.prepare };
}

/** k6 durations: `1h2m3s`, `500ms`, `90s`. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = '';
  for (const match of trimmed.matchAll(pattern)) {
    const amount = Number(match[1]);
    total +=
      amount * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
    consumed += match[0];
  }
  if (consumed !== trimmed || consumed === '') throw new Error(`'${text}' is not a duration`);
  return total;
}

export interface Sample {
  name: string;
  scenario: string;
  method: string;
  status: number;
  failed: boolean;
  ms: number;
  /** ms since the run began. */
  at: number;
}

/** Collects request samples and custom metric samples of one run. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly custom = new Map<string, number[]>();
  readonly failures: Array<{ name: string; status: number; body: string }> = [];
  iterations = 0;
  /** Arrivals with no free VU to start them (k6's `dropped_iterations`). */
  droppedIterations = 0;
  readonly startedAt = performance.now();
  /** Requests made outside measurement (setup) are not recorded. */
  recording = true;

  add(sample: Omit<Sample, 'at'>, body: string): void {
    if (!this.recording) return;
    this.samples.push({ ...sample, at: performance.now() - this.startedAt });
    if (sample.failed && this.failures.length < 10) {
      this.failures.push({ name: sample.name, status: sample.status, body: body.slice(0, 300) });
    }
  }

  addMetric(name: string, value: number): void {
    if (!this.recording) return;
    const list = this.custom.get(name) ?? [];
    list.push(value);
    this.custom.set(name, list);
  }
}

/**
 * Performs steps against one base URL over kept-alive connections: the service kit's client,
 * the one the gateway forwards with.
 */
export class Client {
  readonly connections: HttpClient;
  readonly origin: string;
  readonly basePath: string;
  /** Receives the scenario's progress lines (`note` steps). */
  onNote?: (message: string) => void;

  constructor(
    baseUrl: string,
    readonly recorder: Recorder,
    readonly scenario = 'default',
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/$/, '');
    this.connections = new HttpClient(this.origin, {
      maxConnections: Number.POSITIVE_INFINITY,
    });
  }

  async perform(step: RequestStep): Promise<StepResponse> {
    const headers: Record<string, string> = { ...(step.headers ?? {}) };
    if (step.cookie) headers.cookie = step.cookie;
    let body: string | undefined;
    if (step.body !== undefined) {
      body = JSON.stringify(step.body);
      headers['content-type'] = 'application/json';
    }
    const name = step.name ?? `${step.method} ${step.path.split('?')[0]}`;
    const started = performance.now();
    let response: StepResponse;
    try {
      const url = new URL(`${this.basePath}${step.path}`, this.origin);
      const answer = await this.connections.send({
        method: step.method,
        path: `${url.pathname}${url.search}`,
        headers,
        ...(body === undefined ? {} : { body }),
        timeoutMs: 60_000,
      });
      const bytes = answer.body;
      let text: string | undefined;
      const flat: Record<string, string> = {};
      let setCookie: string[] = [];
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        if (key === 'set-cookie') setCookie = Array.isArray(value) ? value : [value];
        flat[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      response = {
        status: answer.status,
        // Decoded when a scenario reads it: most answers of a run are only counted.
        get body() {
          text ??= bytes.toString('utf8');
          return text;
        },
        headers: flat,
        cookies: setCookie.map((line) => line.split(';')[0]!.trim()).join('; '),
      };
    } catch (error) {
      response = { status: 0, body: String((error as Error).message), headers: {}, cookies: '' };
    }
    const ms = performance.now() - started;
    const failed = step.expect
      ? !step.expect.includes(response.status)
      : !(response.status >= 200 && response.status < 400);
    this.recorder.add(
      { name, scenario: this.scenario, method: step.method, status: response.status, failed, ms },
      failed ? response.body : '',
    );
    return response;
  }

  /** Runs a scenario generator to its end; `batchLimit` bounds a batch's requests in flight. */
  async drive<T>(
    generator: ScenarioGenerator<T>,
    batchLimit = Number.POSITIVE_INFINITY,
  ): Promise<T> {
    let next = generator.next();
    while (!next.done) {
      const step = next.value;
      let input: unknown;
      if (step.kind === 'request') input = await this.perform(step);
      else if (step.kind === 'batch') input = await this.performAll(step.requests, batchLimit);
      else if (step.kind === 'sleep') await delay(step.seconds * 1000);
      else if (step.kind === 'metric') this.recorder.addMetric(step.name, step.value);
      else if (step.kind === 'note') this.onNote?.(step.message);
      next = generator.next(input);
    }
    return next.value;
  }

  private async performAll(requests: RequestStep[], limit: number): Promise<StepResponse[]> {
    const results: StepResponse[] = new Array(requests.length);
    let cursor = 0;
    const worker = async () => {
      while (cursor < requests.length) {
        const index = cursor++;
        results[index] = await this.perform(requests[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, requests.length) }, worker));
    return results;
  }

  async close(): Promise<void> {
    this.connections.close();
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
