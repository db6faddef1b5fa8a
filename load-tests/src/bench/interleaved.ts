import { Client } from '../client.js';
import { type ProcessSet, sampleCpu } from '../process-cpu.js';
import { Recorder } from '../recorder.js';
import type { RequestStep } from '../scenario.js';
import { type Figures, figuresOf } from '../summary.js';
import { WARMUP_SECONDS } from './section.js';

/** Per target: the CPU each process on its path spent per request, in µs (Linux only). */
export type CpuPerRequest = Record<string, Record<string, number>>;

/**
 * Closed loops of `workers` callers of `step` against each target, in `rounds` rounds of
 * `length / rounds` seconds, the order rotating each round, so a target is not favoured by when
 * it ran on a shared, noisy machine. Figures of the measured parts (after a warm-up), and the
 * CPU per request of the processes on each target's path (`paths`; this generator too).
 */
export async function interleaved(
  targets: Record<string, string>,
  step: RequestStep,
  workers: number,
  length: number,
  paths: Record<string, ProcessSet> = {},
  rounds = 3,
): Promise<{ figures: Record<string, Figures>; cpu: CpuPerRequest }> {
  const names = Object.keys(targets);
  const recorders = Object.fromEntries(names.map((name) => [name, new Recorder()]));
  const clients = Object.fromEntries(
    names.map((name) => [name, new Client(targets[name]!, recorders[name]!)]),
  );
  const elapsed = Object.fromEntries(names.map((name) => [name, 0]));
  const spent: CpuPerRequest = Object.fromEntries(names.map((name) => [name, {}]));
  for (const name of names) {
    recorders[name]!.recording = false;
    await runFor(clients[name]!, step, workers, WARMUP_SECONDS);
    recorders[name]!.recording = true;
  }
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      const started = performance.now();
      const before = sampleCpu(paths[name] ?? {});
      await runFor(clients[name]!, step, workers, length / rounds);
      const after = sampleCpu(paths[name] ?? {});
      elapsed[name]! += (performance.now() - started) / 1000;
      for (const process of Object.keys(after)) {
        spent[name]![process] = (spent[name]![process] ?? 0) + after[process]! - before[process]!;
      }
    }
  }
  await Promise.all(names.map((name) => clients[name]!.close()));
  const cpu: CpuPerRequest = {};
  for (const name of names) {
    const requests = recorders[name]!.samples.length;
    const perRequest = Object.entries(spent[name]!)
      .filter(([, seconds]) => Number.isFinite(seconds) && requests > 0)
      .map(([process, seconds]) => [process, Math.round((seconds / requests) * 1e6)] as const);
    if (perRequest.length > 0) cpu[name] = Object.fromEntries(perRequest);
  }
  return {
    figures: Object.fromEntries(
      names.map((name) => [name, figuresOf(recorders[name]!.samples, elapsed[name]!)]),
    ),
    cpu,
  };
}

async function runFor(client: Client, step: RequestStep, workers: number, length: number) {
  const until = performance.now() + length * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) await client.perform(step);
    }),
  );
}
