#!/usr/bin/env node
// `pnpm bench:interactions`: how long a person waits in the built frontends on a desktop, with
// no throttling: a client-side navigation between two pages already visited (goal ≤ 100 ms) and
// a sign-in from the press of Sign In to the role's dashboard (goal ≤ 1 s). Starts the embedded
// stack on a fresh data folder, drives the machine's Chromium, prints the medians of --runs
// runs, writes bench-results/interactions.json, exits 1 when a median misses its goal.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, startBenchStack } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RESULTS = join(ROOT, 'bench-results', 'interactions.json');
const NAVIGATION_GOAL_MS = 100;
const SIGN_IN_GOAL_MS = 1000;

const argv = process.argv.slice(2).filter((argument, i) => !(i === 0 && argument === '--'));
const { values: args } = parseArgs({
  args: argv,
  options: { runs: { type: 'string', default: '5' } },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error('--runs must be a whole number 1–50.');
  process.exit(2);
}
const chromePath = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium']
  .filter((candidate): candidate is string => Boolean(candidate))
  .find((candidate) => existsSync(candidate));
if (!chromePath) {
  console.error('No Chromium found (CHROME_PATH, CHROMIUM_PATH, /usr/bin/chromium).');
  process.exit(2);
}

/** Two pages a person goes back and forth between, by the header's or the menu's links. */
interface Navigation {
  viewer: 'visitor' | 'member';
  from: { path: string; heading: string };
  to: { path: string; heading: string };
}

const NAVIGATIONS: Navigation[] = [
  {
    viewer: 'visitor',
    from: { path: '/', heading: 'Get Answers to Your Most Pressing Questions' },
    to: { path: '/browse-qa', heading: 'Browse Q&A' },
  },
  {
    viewer: 'member',
    from: { path: '/dashboard', heading: 'Welcome back' },
    to: { path: '/browse-qa', heading: 'Browse Q&A' },
  },
];

const SIGN_INS = [
  { username: 'member', heading: 'Welcome back' },
  { username: 'dana', heading: 'Expert Dashboard' },
  { username: 'moderator', heading: 'Moderator Dashboard' },
  { username: 'admin', heading: 'Admin Dashboard' },
];

/**
 * Clicks the visible element `selector` matches and measures, in the page's own clock, the time
 * from the click to the frame that shows the heading: a MutationObserver notices the heading,
 * and the next animation frame is the one that paints it.
 */
function clickAndTime(page: Page, selector: string, heading: string): Promise<number> {
  return page.evaluate(
    ({ selector, heading }) =>
      new Promise<number>((resolve, reject) => {
        const target = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
          (element) => element.offsetParent !== null,
        );
        if (!target) return reject(new Error(`nothing visible matches ${selector}`));
        const shown = () =>
          Array.from(document.querySelectorAll('h1')).some((h1) =>
            h1.textContent?.includes(heading),
          );
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        const timeout = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${heading} did not show within 15 s of the click`));
        }, 15_000);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        target.click();
      }),
    { selector, heading },
  );
}

const linkTo = (path: string) => `a[href="${path}"]`;

async function waitForHeading(page: Page, heading: string): Promise<void> {
  await page.locator('h1', { hasText: heading }).first().waitFor();
}

async function signInThroughApi(page: Page, baseUrl: string, username: string): Promise<void> {
  const response = await page.context().request.post(`${baseUrl}/api/login`, {
    headers: { origin: baseUrl },
    data: { username, password: DEMO_PASSWORD },
  });
  if (response.status() !== 200) throw new Error(`login ${username}: ${response.status()}`);
}

/** Both directions of a navigation, after each page was visited once. Milliseconds. */
async function timeNavigation(browser: Browser, baseUrl: string, nav: Navigation) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (nav.viewer === 'member') await signInThroughApi(page, baseUrl, 'member');
  await page.goto(`${baseUrl}${nav.from.path}`);
  await waitForHeading(page, nav.from.heading);
  await page.goto(`${baseUrl}${nav.to.path}`);
  await waitForHeading(page, nav.to.heading);
  await page.goto(`${baseUrl}${nav.from.path}`);
  await waitForHeading(page, nav.from.heading);
  const there: number[] = [];
  const back: number[] = [];
  for (let run = 0; run < runs; run++) {
    there.push(await clickAndTime(page, linkTo(nav.to.path), nav.to.heading));
    await page.waitForLoadState('networkidle');
    back.push(await clickAndTime(page, linkTo(nav.from.path), nav.from.heading));
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  return { there, back };
}

/** From the press of Sign In on /auth to the frame that shows the role's dashboard. */
async function timeSignIn(browser: Browser, baseUrl: string, who: (typeof SIGN_INS)[number]) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth?tab=login`);
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    times.push(
      await clickAndTime(page, 'form[aria-label="Sign in"] button[type="submit"]', who.heading),
    );
    await context.close();
  }
  return times;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const loadBefore = loadavg();
const startedAt = new Date();
console.log('starting the embedded stack…');
const stack = await startBenchStack('interactions');
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
interface Row {
  what: string;
  goalMs: number;
  medianMs: number;
  runsMs: number[];
}
const rows: Row[] = [];
try {
  for (const nav of NAVIGATIONS) {
    console.log(`navigating ${nav.from.path} ⇄ ${nav.to.path} as a ${nav.viewer}…`);
    const { there, back } = await timeNavigation(browser, stack.url, nav);
    for (const [from, to, times] of [
      [nav.from.path, nav.to.path, there],
      [nav.to.path, nav.from.path, back],
    ] as const) {
      rows.push({
        what: `navigate ${from} → ${to} (${nav.viewer})`,
        goalMs: NAVIGATION_GOAL_MS,
        medianMs: median(times),
        runsMs: times,
      });
    }
  }
  for (const who of SIGN_INS) {
    console.log(`signing in as ${who.username}…`);
    const times = await timeSignIn(browser, stack.url, who);
    rows.push({
      what: `sign in → dashboard (${who.username})`,
      goalMs: SIGN_IN_GOAL_MS,
      medianMs: median(times),
      runsMs: times,
    });
  }
} finally {
  await browser.close();
  await stack.stop();
}

const round = (ms: number) => Math.round(ms);
console.log(`${'interaction'.padEnd(46)}${'median ms'.padStart(10)}${'goal ms'.padStart(9)}  runs`);
for (const row of rows) {
  const verdict = row.medianMs <= row.goalMs ? 'ok' : 'MISSED';
  console.log(
    `${row.what.padEnd(46)}${String(round(row.medianMs)).padStart(10)}${String(row.goalMs).padStart(9)}  ${row.runsMs.map(round).join('/')}  ${verdict}`,
  );
}
const loadAfter = loadavg();
console.log(
  `\nDesktop 1280×900, no throttling, ${runs} run(s) each; machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at start, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} at end.`,
);
await mkdir(join(RESULTS, '..'), { recursive: true });
await writeFile(
  RESULTS,
  `${JSON.stringify(
    {
      measuredAt: startedAt.toISOString(),
      runs,
      machine: {
        cores: cpus().length,
        loadAverageAtStart: loadBefore,
        loadAverageAtEnd: loadAfter,
      },
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`Wrote ${RESULTS}`);
process.exit(rows.some((row) => row.medianMs > row.goalMs) ? 1 : 0);
