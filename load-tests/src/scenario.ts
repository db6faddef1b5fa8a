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
