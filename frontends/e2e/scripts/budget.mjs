#!/usr/bin/env node
// Prints the frontend budget after a production build (`pnpm --filter @uapqa/e2e budget`):
// the JavaScript transferred for the first paint of `/` (gzipped, at most 170 KB including
// React), which remote files load on `/` (no remote's code may load before its route), and what
// /browse-qa adds. Starts the embedded stack on a free port and the machine's Chromium, writes
// bench-results/frontend-budget.json at the repository root, and exits 1 when a check fails.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedConfigSchema, startEmbedded } from '@uapqa/embedded';
import { chromium } from 'playwright-core';
import { formatBudget, measureFrontendBudget } from './budget-lib.mjs';

const FRONTENDS = ['shell', 'members', 'experts', 'staff'];
const RESULTS = fileURLToPath(
  new URL('../../../bench-results/frontend-budget.json', import.meta.url),
);

for (const app of FRONTENDS) {
  if (!existsSync(fileURLToPath(new URL(`../../${app}/dist/index.html`, import.meta.url)))) {
    console.error(
      `frontends/${app} is not built: run \`pnpm exec turbo run build --filter=@uapqa/e2e...\` first.`,
    );
    process.exit(2);
  }
}
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  .filter(Boolean)
  .find((candidate) => existsSync(candidate));
if (!executablePath) {
  console.error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium).');
  process.exit(2);
}

const dataDir = await mkdtemp(join(tmpdir(), 'uapqa-budget-'));
const stack = await startEmbedded(
  embeddedConfigSchema.parse({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: 'disclosure-demo',
  }),
);
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
let failed = true;
try {
  const result = await measureFrontendBudget({ browser, url: stack.url });
  console.log(formatBudget(result));
  await mkdir(join(RESULTS, '..'), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${RESULTS}`);
  failed = !(result.firstPaint.withinBudget && result.remotesOnLanding.ok && result.browseQa.ok);
} finally {
  await browser.close().catch(() => {});
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
