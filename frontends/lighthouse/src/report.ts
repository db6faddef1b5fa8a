// `pnpm --filter @uapqa/lighthouse report`: the latest runs of the two benches, read from their
// JSON in bench-results/, as the Markdown docs/benchmarks.md quotes, each with the machine's load
// and Lighthouse's benchmark index beside it. Printing it from the JSON keeps the published
// table the run's own figures, nothing retyped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figures } from './pages.js';

const RESULTS = fileURLToPath(new URL('../../../bench-results/', import.meta.url));

interface Machine {
  cores: number;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
}

interface LighthouseRun {
  measuredAt: string;
  runs: number;
  delivery: string;
  machine: Machine;
  rows: {
    path: string;
    viewer: string;
    preset: string;
    figures: Figures;
    performanceRuns: number[];
    benchmarkIndex: number | null;
    requests: number;
    transferBytes: number;
    misses: string[];
  }[];
}

interface InteractionsRun {
  measuredAt: string;
  runs: number;
  machine: Machine;
  rows: { what: string; goalMs: number; medianMs: number; runsMs: number[] }[];
}

function read<T>(file: string): T | null {
  const path = join(RESULTS, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

const load = (values: number[]) => values[0]!.toFixed(2);
const day = (iso: string) => iso.slice(0, 10);
const count = (value: number) => Math.round(value).toLocaleString('en-US');

function lighthouseTable(run: LighthouseRun): string {
  const indexes = run.rows.map((row) => row.benchmarkIndex).filter((i): i is number => i !== null);
  const lines = [
    `${run.delivery}, ${day(run.measuredAt)}, median of ${run.runs} run(s) by performance (every score in brackets); machine: ${run.machine.cores} cores, load average ${load(run.machine.loadAverageAtStart)} at the start and ${load(run.machine.loadAverageAtEnd)} at the end; Lighthouse's benchmarkIndex ${count(Math.min(...indexes))}–${count(Math.max(...indexes))}.`,
    '',
    '| page | as | preset | perf (runs) | LCP | TBT | CLS | a11y | best pr. | SEO | requests | KB | thresholds |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of run.rows) {
    const f = row.figures;
    lines.push(
      `| \`${row.path}\` | ${row.viewer} | ${row.preset} | ${f.performance} (${row.performanceRuns.join(', ')}) | ${(f.lcpMs / 1000).toFixed(2)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${row.requests} | ${Math.round(row.transferBytes / 1024)} | ${row.misses.length === 0 ? 'met' : `missed: ${row.misses.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}

function interactionsTable(run: InteractionsRun): string {
  const lines = [
    `${day(run.measuredAt)}, median of ${run.runs} run(s); machine: ${run.machine.cores} cores, load average ${load(run.machine.loadAverageAtStart)} at the start and ${load(run.machine.loadAverageAtEnd)} at the end.`,
    '',
    '| interaction | median | goal | runs (ms) |',
    '|---|---|---|---|',
  ];
  for (const row of run.rows) {
    lines.push(
      `| ${row.what} | ${Math.round(row.medianMs)} ms | ${row.goalMs} ms | ${row.runsMs.map(Math.round).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

const https = read<LighthouseRun>('lighthouse.json');
const plain = read<LighthouseRun>('lighthouse-plain.json');
const interactions = read<InteractionsRun>('interactions.json');
const sections: [string, string | null][] = [
  ['Lighthouse over HTTPS and HTTP/2', https && lighthouseTable(https)],
  ['Lighthouse over the gateway’s own HTTP/1.1 (`--plain`)', plain && lighthouseTable(plain)],
  ['Interactions', interactions && interactionsTable(interactions)],
];
for (const [title, table] of sections) {
  console.log(`#### ${title}\n\n${table ?? `No run in ${RESULTS} yet.`}\n`);
}
