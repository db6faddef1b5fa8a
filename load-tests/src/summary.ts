import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Recorder, Sample } from './recorder.js';
import type { ScenarioModule } from './scenario.js';
import {
  evaluateThresholds,
  type MetricValues,
  percentile,
  type ThresholdKey,
  type ThresholdVerdict,
} from './thresholds.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Throughput, latency percentiles (ms) and failures of some samples over `seconds`. */
export function figuresOf(samples: readonly Sample[], seconds: number): Figures {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    rps: Math.round(samples.length / Math.max(seconds, 0.001)),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    errors: samples.filter((sample) => sample.failed).length,
  };
}

/** The values k6 would hold for a threshold key, from the recorded samples. */
export function metricValues(
  recorder: Recorder,
  module: ScenarioModule,
  seconds: number,
  key: ThresholdKey,
): MetricValues {
  const matches = (sample: Sample) =>
    Object.entries(key.tags).every(
      ([tag, value]) => String((sample as unknown as Record<string, unknown>)[tag]) === value,
    );
  const samples = recorder.samples.filter(
    (sample) => sample.name !== 'iteration error' && matches(sample),
  );
  switch (key.metric) {
    case 'http_req_duration':
      return { type: 'trend', sorted: samples.map((s) => s.ms).sort((a, b) => a - b) };
    case 'http_req_failed':
      return {
        type: 'rate',
        passes: recorder.samples.filter((s) => s.failed && matches(s)).length,
        total: recorder.samples.filter(matches).length,
      };
    case 'http_reqs':
      return { type: 'counter', sum: samples.length, seconds };
    case 'iterations':
      return { type: 'counter', sum: recorder.iterations, seconds };
    case 'dropped_iterations':
      return { type: 'counter', sum: recorder.droppedIterations, seconds };
  }
  const type = module.metrics?.[key.metric];
  if (!type) throw new Error(`threshold on unknown metric '${key.metric}'`);
  const values = recorder.custom.get(key.metric) ?? [];
  if (type === 'counter') {
    return { type, sum: values.reduce((sum, value) => sum + value, 0), seconds };
  }
  if (type === 'rate') {
    return { type, passes: values.filter(Boolean).length, total: values.length };
  }
  return { type, sorted: [...values].sort((a, b) => a - b) };
}

export interface ScenarioReport {
  scenario: string;
  at: string;
  baseUrl: string;
  seconds: number;
  overall: Figures;
  byName: Record<string, Figures>;
  statuses: Record<string, number>;
  custom: Record<string, number>;
  thresholds: ThresholdVerdict[];
  passed: boolean;
  failures: Array<{ name: string; status: number; body: string }>;
}

export function report(
  scenario: string,
  module: ScenarioModule,
  recorder: Recorder,
  seconds: number,
  baseUrl: string,
): ScenarioReport {
  const requests = recorder.samples.filter((sample) => sample.name !== 'iteration error');
  const names = [...new Set(requests.map((sample) => sample.name))].sort();
  const statuses: Record<string, number> = {};
  for (const sample of recorder.samples) {
    statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  }
  const custom: Record<string, number> = {};
  for (const [name, values] of recorder.custom) custom[name] = values.reduce((s, v) => s + v, 0);
  const thresholds = evaluateThresholds(module.options.thresholds ?? {}, (key) =>
    metricValues(recorder, module, seconds, key),
  );
  return {
    scenario,
    at: new Date().toISOString(),
    baseUrl,
    seconds: round(seconds),
    overall: figuresOf(recorder.samples, seconds),
    byName: Object.fromEntries(
      names.map((name) => [
        name,
        figuresOf(
          requests.filter((sample) => sample.name === name),
          seconds,
        ),
      ]),
    ),
    statuses,
    custom,
    thresholds,
    passed: thresholds.every((verdict) => verdict.ok),
    failures: recorder.failures,
  };
}

export function printReport(result: ScenarioReport, out: NodeJS.WritableStream = process.stdout) {
  const line = (name: string, f: Figures) =>
    `  ${name.padEnd(40)} ${String(f.requests).padStart(7)} ${String(f.rps).padStart(6)} ${String(f.p50).padStart(8)} ${String(f.p95).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(6)}\n`;
  out.write(
    `\nscenario ${result.scenario} against ${result.baseUrl}, ${result.seconds} s\n` +
      `  ${'request'.padEnd(40)} ${'count'.padStart(7)} ${'rps'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(6)}\n`,
  );
  for (const [name, figures] of Object.entries(result.byName)) out.write(line(name, figures));
  out.write(line('all', result.overall));
  out.write(`  statuses: ${JSON.stringify(result.statuses)}\n`);
  if (Object.keys(result.custom).length) out.write(`  metrics: ${JSON.stringify(result.custom)}\n`);
  for (const failure of result.failures.slice(0, 3)) {
    out.write(`  failed: ${failure.name} → ${failure.status} ${failure.body}\n`);
  }
  for (const verdict of result.thresholds) {
    out.write(
      `  threshold ${verdict.ok ? 'ok    ' : 'FAILED'} ${verdict.key}: ${verdict.expression} (actual ${verdict.actual})\n`,
    );
  }
}

/** Writes `bench-results/<name>.json` at the repository root; returns the path. */
export function writeResult(name: string, value: unknown): string {
  const directory = join(repoRoot, 'bench-results');
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  return path;
}
