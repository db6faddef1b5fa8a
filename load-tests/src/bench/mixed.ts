import { Client } from '../client.js';
import { runExecutor } from '../engine.js';
import { Recorder } from '../recorder.js';
import { loadScenarios } from '../scenario.js';
import type { IsolatedStack } from '../stack.js';
import { figuresOf } from '../summary.js';
import { type BenchSettings, log, type SectionOutcome, WARMUP_SECONDS } from './section.js';

export async function mixed(
  stack: IsolatedStack,
  { concurrency, seconds }: BenchSettings,
): Promise<SectionOutcome> {
  log(
    `\n2. mixed member load: scenarios/member.js at ${concurrency} VUs for ${seconds} s (after ${WARMUP_SECONDS} s unmeasured)`,
  );
  const { scenarios, prepare } = await loadScenarios();
  const member = scenarios.member!;
  const setupClient = new Client(stack.url, new Recorder(), 'setup');
  setupClient.recorder.recording = false;
  setupClient.onNote = (message) => log(`  ${message}`);
  const data = await setupClient.drive(prepare(member.setup ?? {}));
  await setupClient.close();
  const load = { executor: 'constant-vus', vus: concurrency } as const;
  // Steady state, as the overhead section measures it: the same load first runs unmeasured
  // while compilation, connection pools and the archive pages first read settle. Its errors
  // still count.
  const warmup = new Client(stack.url, new Recorder(), 'member');
  await runExecutor(member, { ...load, duration: `${WARMUP_SECONDS}s` }, warmup, data);
  await warmup.close();
  const warmupErrors = figuresOf(warmup.recorder.samples, WARMUP_SECONDS).errors;
  const recorder = new Recorder();
  const client = new Client(stack.url, recorder, 'member');
  const started = performance.now();
  await runExecutor(member, { ...load, duration: `${seconds}s` }, client, data);
  const elapsed = (performance.now() - started) / 1000;
  await client.close();
  const figures = figuresOf(recorder.samples, elapsed);
  const result = {
    concurrency,
    warmupSeconds: WARMUP_SECONDS,
    warmupErrors,
    figures,
    statuses: countStatuses(recorder),
    failures: recorder.failures,
  };
  log(`  ${JSON.stringify(figures)}`);
  for (const failure of recorder.failures.slice(0, 3)) log(`  failed: ${JSON.stringify(failure)}`);
  return {
    result,
    goal: {
      section: 'mixed member load',
      line: `${figures.rps} rps, p95 ${figures.p95} ms, p99 ${figures.p99} ms, errors ${figures.errors} (${warmupErrors} in the warm-up) (goal ≥1500 rps, p95 <100 ms, no errors)`,
      met: figures.rps >= 1500 && figures.p95 < 100 && figures.errors + warmupErrors === 0,
    },
  };
}

function countStatuses(recorder: Recorder): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const sample of recorder.samples)
    statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  return statuses;
}
