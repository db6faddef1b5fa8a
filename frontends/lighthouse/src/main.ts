#!/usr/bin/env node
// `pnpm bench:lighthouse`: Lighthouse on the built frontends, phone and desktop presets, as a
// visitor, the demo member and staff. Starts the embedded stack on a fresh data folder behind
// a TLS and HTTP/2 front, as deployed (or audits --url, or with --plain the gateway's own
// cleartext HTTP/1.1), prints a table, writes bench-results/lighthouse.json (with --plain
// lighthouse-plain.json), exits 1 when a page misses its thresholds and 2 when it cannot run.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AuditResult, audit, killRunningChromes, signIn } from './audit.js';
import { startTlsFront, type TlsFront } from './front.js';
import {
  type AuditedPage,
  type Figures,
  misses,
  PAGES,
  PRESETS,
  type Preset,
  THRESHOLDS,
} from './pages.js';
import { DEMO_PASSWORD, startBenchStack } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FRONTENDS = ['shell', 'members', 'experts', 'staff'];

// `pnpm bench:lighthouse -- --runs 3` hands the separator on: it is not an argument.
const argv = process.argv.slice(2).filter((argument, i) => !(i === 0 && argument === '--'));
const { values: args } = parseArgs({
  args: argv,
  options: {
    url: { type: 'string' },
    pages: { type: 'string' },
    presets: { type: 'string' },
    runs: { type: 'string', default: '1' },
    reports: { type: 'string' },
    plain: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail('--runs must be a whole number 1–9.');
const presets = (args.presets?.split(',') ?? PRESETS) as Preset[];
for (const preset of presets) {
  if (!PRESETS.includes(preset))
    fail(`--presets: '${preset}' is not one of ${PRESETS.join(', ')}.`);
}
const pages = args.pages
  ? args.pages.split(',').map((path) => {
      const page = PAGES.find((candidate) => candidate.path === path);
      if (!page) fail(`--pages: '${path}' is not one of ${PAGES.map((p) => p.path).join(', ')}.`);
      return page;
    })
  : PAGES;

const chromePath = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium']
  .filter((candidate): candidate is string => Boolean(candidate))
  .find((candidate) => existsSync(candidate));
if (!chromePath) fail('No Chromium found (CHROME_PATH, CHROMIUM_PATH, /usr/bin/chromium).');

if (!args.url) {
  for (const app of FRONTENDS) {
    if (!existsSync(join(ROOT, 'frontends', app, 'dist', 'index.html'))) {
      fail(`frontends/${app} is not built: run \`pnpm build\` first.`);
    }
  }
}

interface Row {
  path: string;
  viewer: AuditedPage['viewer'];
  group: AuditedPage['group'];
  preset: Preset;
  figures: Figures;
  /** Every run's performance score; the figures are those of the median run. */
  performanceRuns: number[];
  benchmarkIndex: number | null;
  requests: number;
  transferBytes: number;
  misses: string[];
  findings: AuditResult['findings'];
  warnings: string[];
}

/** The run whose performance score is the median (Lighthouse's own advice for noisy machines). */
function medianRun(results: AuditResult[]): AuditResult {
  const sorted = [...results].sort((a, b) => a.figures.performance - b.figures.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const pad = (value: string, width: number) => value.padStart(width);
function formatTable(rows: Row[]): string {
  const lines = [
    `${'page'.padEnd(22)}${'preset'.padEnd(9)}${pad('perf', 5)}${pad('LCP s', 7)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('a11y', 6)}${pad('BP', 5)}${pad('SEO', 5)}${pad('req', 5)}${pad('KB', 6)}  result`,
  ];
  for (const row of rows) {
    const f = row.figures;
    lines.push(
      `${row.path.padEnd(22)}${row.preset.padEnd(9)}${pad(String(f.performance), 5)}${pad((f.lcpMs / 1000).toFixed(2), 7)}${pad(String(Math.round(f.tbtMs)), 8)}${pad(f.cls.toFixed(3), 7)}${pad(String(f.accessibility), 6)}${pad(String(f.bestPractices), 5)}${pad(String(f.seo), 5)}${pad(String(row.requests), 5)}${pad(String(Math.round(row.transferBytes / 1024)), 6)}  ${row.misses.length ? `MISSED: ${row.misses.join('; ')}` : 'ok'}`,
    );
  }
  return lines.join('\n');
}

process.once('SIGINT', killRunningChromes);
process.once('SIGTERM', killRunningChromes);
const stack = args.url ? undefined : await startBenchStack('lighthouse');
let front: TlsFront | undefined;
try {
  front = stack && !args.plain ? await startTlsFront(stack.url) : undefined;
} catch (error) {
  await stack?.stop();
  fail(`The TLS front could not start (${String(error)}); --plain audits without it.`);
}
const baseUrl = args.url ?? front?.url ?? stack!.url;
/** Where the demo accounts sign in: the stack itself, whose address Node trusts. */
const signInUrl = args.url ?? stack!.url;
const delivery = front
  ? 'HTTPS with HTTP/2 (nginx in front)'
  : args.url
    ? `as ${args.url} serves it`
    : 'cleartext HTTP/1.1 (the embedded gateway itself)';

const rows: Row[] = [];
let lighthouseVersion = '';
let browser = '';
const startedAt = new Date();
const loadBefore = loadavg();
try {
  if (args.reports) await mkdir(args.reports, { recursive: true });
  for (const preset of presets) {
    for (const page of pages) {
      const results: AuditResult[] = [];
      for (let run = 0; run < runs; run++) {
        // A fresh sign-in per run: its 15-minute token never needs renewing mid-audit, and a
        // renewal could not reach the fixed Cookie header Lighthouse sends anyway.
        const cookie =
          page.viewer === 'visitor'
            ? undefined
            : await signIn(signInUrl, page.viewer, DEMO_PASSWORD);
        const options = {
          chromePath,
          url: new URL(page.path, baseUrl).href,
          preset,
          viewer: page.viewer,
          html: Boolean(args.reports),
          ...(cookie ? { cookie } : {}),
          ...(front ? { trustedSpki: front.spki } : {}),
        };
        // On a busy machine Lighthouse sometimes loses its own trace (NO_NAVSTART, "run
        // Lighthouse again"): that is Lighthouse's failure, not the page's, so it gets two more tries.
        for (let attempt = 1; ; attempt++) {
          try {
            results.push(await audit(options));
            break;
          } catch (error) {
            if (attempt === 3 || !String(error).includes('Lighthouse could not audit')) throw error;
            console.warn(`${String(error)}: trying again`);
          }
        }
      }
      const median = medianRun(results);
      lighthouseVersion = median.lhr.lighthouseVersion;
      browser = median.lhr.environment.hostUserAgent;
      if (args.reports && median.html) {
        const name = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '_');
        await writeFile(join(args.reports, `${preset}-${name}.html`), median.html);
      }
      const row: Row = {
        path: page.path,
        viewer: page.viewer,
        group: page.group,
        preset,
        figures: median.figures,
        performanceRuns: results.map((result) => result.figures.performance),
        benchmarkIndex: median.benchmarkIndex,
        requests: median.requests,
        transferBytes: median.transferBytes,
        misses: misses(median.figures, THRESHOLDS[page.group]),
        findings: median.findings,
        warnings: median.warnings,
      };
      rows.push(row);
      console.log(
        `${preset} ${page.path} (${page.viewer}): perf ${row.performanceRuns.join('/')}${row.misses.length ? ` MISSED: ${row.misses.join('; ')}` : ''}`,
      );
    }
  }
} finally {
  await front?.stop();
  await stack?.stop();
}

const failed = rows.filter((row) => row.misses.length > 0);
const benchmarkIndexes = rows
  .map((row) => row.benchmarkIndex)
  .filter((index): index is number => index !== null);
console.log('');
console.log(formatTable(rows));
console.log('');
console.log(
  `Lighthouse ${delivery}, ${PAGES.length === pages.length ? 'all pages' : `${pages.length} pages`}, ${runs} run(s) each (median by performance); machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )} at end; Lighthouse benchmarkIndex ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)}.`,
);
console.log(
  failed.length
    ? `${failed.length} of ${rows.length} audits missed a threshold.`
    : `All ${rows.length} audits met their thresholds.`,
);

// One file per delivery, so the latest run of each stands side by side.
const RESULTS = join(
  ROOT,
  'bench-results',
  args.plain ? 'lighthouse-plain.json' : 'lighthouse.json',
);
await mkdir(join(RESULTS, '..'), { recursive: true });
await writeFile(
  RESULTS,
  `${JSON.stringify(
    {
      measuredAt: startedAt.toISOString(),
      lighthouseVersion,
      browser,
      runs,
      delivery,
      machine: {
        cores: cpus().length,
        loadAverageAtStart: loadBefore,
        loadAverageAtEnd: loadavg(),
      },
      thresholds: THRESHOLDS,
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`Wrote ${RESULTS}`);
process.exit(failed.length ? 1 : 0);
