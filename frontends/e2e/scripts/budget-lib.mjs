// The frontend budget measurement, shared by `scripts/budget.mjs` (prints the figures) and
// `test/budget.test.ts` (asserts them in CI). Plain ESM so Node runs it without a build step;
// its types are in budget-lib.d.mts.
import { gzipSync } from 'node:zlib';

/** JavaScript for the first paint of `/`, gzipped, including React (issue requirement). */
export const BUDGET_GZIP_BYTES = 170 * 1024;

const REMOTE_PATH = /^\/remotes\/([^/]+)\/(.*)$/;
/** Files of a remote that only say where its code is: they load no exposed module. */
const REMOTE_ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js']);

/** Whether a response is JavaScript (by resource type, content type or extension). */
function isJavaScript(response) {
  const type = response.headers()['content-type'] ?? '';
  const { pathname } = new URL(response.url());
  return (
    response.request().resourceType() === 'script' ||
    type.includes('javascript') ||
    /\.m?js$/.test(pathname)
  );
}

/** Where a URL of the gateway belongs: the shell, a remote's entry, or a remote's code. */
export function classify(url) {
  const { pathname } = new URL(url);
  const remote = REMOTE_PATH.exec(pathname);
  if (!remote) return { owner: 'shell', kind: 'shell', path: pathname };
  const [, name, file] = remote;
  return {
    owner: name,
    kind: REMOTE_ENTRY_FILES.has(file) ? 'remote-entry' : 'remote-code',
    path: pathname,
  };
}

/**
 * Records every response of a page from now on: its URL, status and content encoding, and for
 * JavaScript the body size as served, the bytes that crossed the wire and its gzip size.
 */
function recordResponses(page) {
  const records = [];
  const pending = new Set();
  const onResponse = (response) => {
    const task = (async () => {
      const url = response.url();
      if (url.startsWith('data:')) return;
      const { owner, kind, path } = classify(url);
      const encoding = response.headers()['content-encoding'] ?? null;
      const record = { url, path, owner, kind, status: response.status(), encoding, js: false };
      if (isJavaScript(response) && response.status() < 300) {
        const body = await response.body().catch(() => null);
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        if (body) {
          record.js = true;
          record.rawBytes = body.length;
          record.transferredBytes = sizes?.responseBodySize ?? body.length;
          record.gzipBytes = gzipSync(body).length;
          // The budget is gzip's figure: the bytes sent when they were gzipped, else the gzip of
          // the body (brotli, which the gateway sends browsers that take it, is smaller still).
          record.budgetBytes = encoding === 'gzip' ? record.transferredBytes : record.gzipBytes;
        }
      }
      records.push(record);
    })().catch(() => {});
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };
  page.on('response', onResponse);
  return {
    records,
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
    stop() {
      page.off('response', onResponse);
    },
  };
}

function sum(files, key) {
  return files.reduce((total, file) => total + (file[key] ?? 0), 0);
}

function summary(records) {
  const js = records.filter((record) => record.js);
  return {
    files: js.map(({ path, owner, kind, encoding, rawBytes, transferredBytes, gzipBytes }) => ({
      path,
      owner,
      kind,
      encoding,
      rawBytes,
      transferredBytes,
      gzipBytes,
    })),
    rawBytes: sum(js, 'rawBytes'),
    transferredBytes: sum(js, 'transferredBytes'),
    gzipBytes: sum(js, 'budgetBytes'),
    remoteRequests: records
      .filter((record) => record.owner !== 'shell')
      .map(({ path, owner, kind, status }) => ({ path, remote: owner, kind, status })),
  };
}

async function settleNetwork(page, recorder) {
  await page.waitForLoadState('networkidle');
  await recorder.settle();
}

/**
 * Loads `/` as a visitor in a fresh browser context (empty cache) and records the JavaScript of
 * its first paint (everything fetched until the landing page's heading shows and the network
 * is idle), then follows the header's Browse Q&A link in the same page and records what that
 * route adds: the members remote's entry and code.
 */
export async function measureFrontendBudget({ browser, url, budgetBytes = BUDGET_GZIP_BYTES }) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);

    const landing = recordResponses(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settleNetwork(page, landing);
    landing.stop();

    const browse = recordResponses(page);
    await page.getByRole('banner').getByRole('link', { name: 'Browse Q&A' }).click();
    await page.waitForURL('**/browse-qa');
    await page.getByTestId('question-card').first().waitFor();
    await settleNetwork(page, browse);
    browse.stop();

    const firstPaint = summary(landing.records);
    const browseQa = summary(browse.records);
    const remoteCodeOnLanding = firstPaint.remoteRequests.filter((r) => r.kind === 'remote-code');
    const membersCode = browseQa.remoteRequests.filter(
      (r) => r.remote === 'members' && r.kind === 'remote-code',
    );
    return {
      measuredAt: new Date().toISOString(),
      budget: {
        gzipBytes: budgetBytes,
        compression:
          'gzip (node:zlib default level) of each JavaScript body, or its bytes sent gzipped',
      },
      firstPaint: {
        ...firstPaint,
        withinBudget: firstPaint.gzipBytes <= budgetBytes,
      },
      remotesOnLanding: {
        requests: firstPaint.remoteRequests,
        remoteCode: remoteCodeOnLanding,
        ok: remoteCodeOnLanding.length === 0,
      },
      browseQa: {
        ...browseQa,
        membersCode,
        ok: membersCode.length > 0,
      },
    };
  } finally {
    await context.close().catch(() => {});
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures as text: a table of the first paint's JavaScript, the totals and the checks. */
export function formatBudget(result) {
  const lines = [];
  const table = (files) => {
    const width = Math.min(90, Math.max(20, ...files.map((file) => file.path.length)));
    lines.push(
      `  ${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'sent'.padStart(10)}  ${'gzip'.padStart(10)}`,
    );
    for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const name = file.path.length > width ? `…${file.path.slice(-(width - 1))}` : file.path;
      lines.push(
        `  ${name.padEnd(width)}  ${kb(file.rawBytes).padStart(10)}  ${kb(file.transferredBytes).padStart(10)}  ${kb(file.gzipBytes).padStart(10)}`,
      );
    }
  };
  const { firstPaint, remotesOnLanding, browseQa, budget } = result;
  const encodings = [...new Set(firstPaint.files.map((file) => file.encoding ?? 'none'))];
  lines.push(`JavaScript for the first paint of / (visitor, empty cache):`);
  table(firstPaint.files);
  lines.push(
    `  total: ${firstPaint.files.length} files, ${kb(firstPaint.rawBytes)} raw, ${kb(firstPaint.transferredBytes)} transferred (content-encoding: ${encodings.join(', ')}), ${kb(firstPaint.gzipBytes)} gzipped`,
  );
  lines.push(
    `  budget: ${kb(firstPaint.gzipBytes)} of ${kb(budget.gzipBytes)} gzipped → ${firstPaint.withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );
  lines.push('');
  lines.push(`Remote files fetched on / :`);
  if (remotesOnLanding.requests.length === 0) lines.push('  none');
  for (const request of remotesOnLanding.requests) {
    lines.push(`  ${request.path} (${request.kind}, ${request.status})`);
  }
  lines.push(
    `  remote code before its route: ${remotesOnLanding.ok ? 'none → OK' : `${remotesOnLanding.remoteCode.length} files → FAIL`}`,
  );
  lines.push('');
  lines.push(`After following Browse Q&A to /browse-qa, newly fetched JavaScript:`);
  table(browseQa.files);
  lines.push(
    `  total: ${browseQa.files.length} files, ${kb(browseQa.rawBytes)} raw, ${kb(browseQa.gzipBytes)} gzipped; members remote code files: ${browseQa.membersCode.length} → ${browseQa.ok ? 'OK' : 'FAIL'}`,
  );
  return lines.join('\n');
}
