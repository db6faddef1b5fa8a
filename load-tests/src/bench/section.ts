import type { IsolatedStack } from '../stack.js';

/** The run's settings, from the command line (see bench.ts). */
export interface BenchSettings {
  seconds: number;
  concurrency: number;
  decisions: number;
  burst: number;
  loginsPerSecond: number;
  archive: number;
}

/** One line of the final table: a section's figures and whether its goal was met. */
export interface Goal {
  section: string;
  line: string;
  met: boolean | null;
}

/** What a section hands back: its figures for the JSON file and its line of the table. */
export interface SectionOutcome {
  result: unknown;
  goal: Goal;
}

/** A section that could not run here (a missing service) hands back nothing. */
export type Section = (
  stack: IsolatedStack,
  settings: BenchSettings,
) => Promise<SectionOutcome | undefined>;

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const round = (value: number) => Math.round(value * 100) / 100;

/** Questions an expert's window takes at once. */
export const WINDOW_CAPACITY = 10;

/**
 * Seconds of unmeasured load before a section measures a path. V8 compiles a server's hot paths
 * during its first few thousand requests: measured without this, a path's first round of the
 * overhead section spent an eighth to a fifth of its CPU compiling (the more code on the path,
 * the more), where later rounds spent under 1%. The bench is about servers that have been up a
 * while; connection pools and pages first read settle in that time too.
 */
export const WARMUP_SECONDS = 3;
