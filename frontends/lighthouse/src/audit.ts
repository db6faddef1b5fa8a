import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Figures, Preset, Viewer } from './pages.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's own default is the phone (Moto G Power, simulated slow 4G and 4× CPU). */
const MOBILE_CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: CATEGORIES },
};
const DESKTOP_CONFIG: Config = {
  ...desktopConfig,
  settings: { ...desktopConfig.settings, onlyCategories: CATEGORIES },
};

/** An audit that cost points, as Lighthouse names it. */
export interface Finding {
  category: string;
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
}

export interface AuditResult {
  figures: Figures;
  /** Lighthouse's measure of the machine's speed during the run (a mid-range desktop ≈ 1000+). */
  benchmarkIndex: number | null;
  findings: Finding[];
  warnings: string[];
  /** The request count and bytes the page transferred. */
  requests: number;
  transferBytes: number;
  lhr: Result;
  html: string | undefined;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * The audits of each category that did not pass: what the scores are made of. Informative
 * audits (no score) and those that do not apply are left out.
 */
function findings(lhr: Result): Finding[] {
  const out: Finding[] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      // A metric counts in performance only by its weight; diagnostics have none but still say why.
      out.push({
        category: category.id,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return out;
}

/** Signs a demo account in through the API and returns the Cookie header its session needs. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) {
    throw new Error(
      `Signing in as ${username} failed: ${response.status} ${await response.text()}`,
    );
  }
  return response.headers
    .getSetCookie()
    .map((line) => line.slice(0, line.indexOf(';')))
    .join('; ');
}

export interface AuditOptions {
  chromePath: string;
  url: string;
  preset: Preset;
  /** The Cookie header of a signed-in viewer; none for a visitor. */
  cookie?: string;
  viewer: Viewer;
  html: boolean;
  /** The SPKI hash of a certificate the page's origin uses that Chrome is to trust. */
  trustedSpki?: string;
}

/**
 * One Lighthouse run of one page in a Chrome of its own (no cache, no state left by the audit
 * before). A signed-in page gets its session as a Cookie header on every request it makes.
 */
export async function audit(options: AuditOptions): Promise<AuditResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      ...(options.trustedSpki
        ? [`--ignore-certificate-errors-spki-list=${options.trustedSpki}`]
        : []),
    ],
    logLevel: 'silent',
  });
  running.add(chrome);
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: options.html ? 'html' : 'json',
      ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
    };
    const result = await lighthouse(
      options.url,
      flags,
      options.preset === 'desktop' ? DESKTOP_CONFIG : MOBILE_CONFIG,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${options.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse could not audit ${options.url}: ${lhr.runtimeError.message}`);
    }
    const network = lhr.audits['network-requests']?.details;
    const items = network && 'items' in network ? network.items : [];
    return {
      figures: {
        performance: score(lhr, 'performance'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
      },
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      findings: findings(lhr),
      warnings: lhr.runWarnings,
      requests: items.length,
      transferBytes: numeric(lhr, 'total-byte-weight'),
      lhr,
      html: options.html && typeof result.report === 'string' ? result.report : undefined,
    };
  } finally {
    running.delete(chrome);
    chrome.kill();
  }
}

const running = new Set<chromeLauncher.LaunchedChrome>();

/** Ends the Chrome of an audit in progress (the bench interrupted): none is left behind. */
export function killRunningChromes(): void {
  for (const chrome of running) chrome.kill();
  running.clear();
}
