import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MODERATION_QUEUE_MAX_PAGE_SIZE } from '@uapqa/contracts';
import { type EmbeddedStack, startEmbedded } from '@uapqa/embedded';
import { readMailbox, toAddress, verificationTokenFromMailbox } from '@uapqa/notifications/testing';
import { eventually } from '@uapqa/service-kit/testing';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { DEMO_PASSWORD, stackSettings } from './stack-settings.js';

export { DEMO_PASSWORD };

const execFileAsync = promisify(execFile);

/** The two widths every route is checked and photographed at. */
export const DESKTOP = 1280;
export const PHONE = 390;
export const WIDTHS = [DESKTOP, PHONE] as const;

/** Where the suites save their screenshots (git-ignored; kept by CI as test artifacts). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** The viewport the harness gives a page of this width. */
export function viewportFor(width: number): { width: number; height: number } {
  return { width, height: width < 600 ? 844 : 900 };
}

/** The frontends the browser tests load: the shell and every remote. */
export const FRONTENDS = ['shell', 'members', 'experts', 'staff'] as const;

/** Debian's Chromium, or CHROMIUM_PATH. Null when there is none. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return null;
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65.1, pinned: check it again on
 * an upgrade). Chromium reads only the last `--disable-features` it is given, so a list of ours
 * has to repeat it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * How the suites start Chromium. Headless Chromium is the whole browser with an unseen window:
 * every context opens one, and each window preloads its address bar's suggestion list as two
 * pages of its own (WebUI). Those took a third of all the renderers' CPU in the suite and
 * nearly doubled the time a new context takes on two cores. No test uses the address bar.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  `--disable-features=${[
    ...PLAYWRIGHT_DISABLED_FEATURES,
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];

/**
 * Whether the browser suite can run here. Without Chromium it is skipped with a printed reason,
 * except under CI=true, where a missing browser is a failure.
 */
export function browserAvailability(): { run: boolean } {
  if (findChromium()) return { run: true };
  const reason = `No Chromium found (looked at CHROMIUM_PATH, /usr/bin/chromium): install Debian's chromium package or set CHROMIUM_PATH.`;
  if (process.env.CI === 'true') throw new Error(`Browser tests cannot run under CI: ${reason}`);
  console.warn(`Skipping browser tests. ${reason}`);
  return { run: false };
}

/** A suite that drives Chromium: `describe` where a browser is found, skipped (or failed) as above. */
export function describeInChromium(name: string, suite: () => void): void {
  describe.runIf(browserAvailability().run)(name, suite);
}

/**
 * The worker's Chromium, launched by the first file that needs it and shared by every later
 * file of the same worker (the suite shares modules between its files). A launch cost more CPU
 * than most tests; what a file opens is its own contexts, each as apart from the others as a
 * new browser is, and the file closes them when it ends. Playwright closes the browser when the
 * worker exits.
 */
let launched: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS })
    .then((browser) => {
      browser.on('disconnected', () => {
        launched = undefined;
      });
      return browser;
    })
    .catch((error) => {
      launched = undefined;
      throw error;
    });
  return launched;
}

export interface Harness {
  stack: EmbeddedStack;
  /** The stack's data folder; its `mailbox/` holds every email sent, as `.eml` files. */
  dataDir: string;
  browser: Browser;
  url: string;
  newPage(width: number): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * A new page at `width`, signed in as the demo account `username` and opened at `path`: by
   * default the landing page, which sends a signed-in user on to their role's dashboard.
   * Signed in through the API, as the /auth form does: the form has tests of its own
   * (frontends.test.ts, session-switch.test.ts), and loading it before every other test cost a
   * page load and a render of the dashboard that the test mostly navigated away from at once.
   */
  signedInPage(
    width: number,
    username: string,
    path?: string,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Closes the contexts opened after `openedCount()` returned `mark`: a test's windows, left open,
   * would keep running their pages' timers and polls while the file's later tests run.
   */
  closeSince(mark: number): Promise<void>;
  /** How many contexts the harness holds open: a mark for `closeSince`. */
  openedCount(): number;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * Settings of the embedded stack (its config's variables) on top of the harness's. Moderation
   * announces each decision at once here (DECISION_HOLD_SECONDS 0), as most suites expect its
   * effects right away; a suite about the hold and Undo sets one.
   */
  env?: Record<string, string>;
}

/** Starts the real embedded stack (temp data folder, the built frontends) and Chromium. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  for (const app of FRONTENDS) {
    const built = fileURLToPath(new URL(`../../${app}/dist/index.html`, import.meta.url));
    if (!existsSync(built)) {
      throw new Error(
        `frontends/${app} is not built: run \`pnpm exec turbo run test --filter=@uapqa/e2e\` (it builds the frontends first) or \`pnpm build\`.`,
      );
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'uapqa-e2e-'));
  await copyTemplate(inject('stackTemplate'), dataDir);
  const stack = await startEmbedded(stackSettings(dataDir, options.env));
  const browser = await workerBrowser();
  const contexts: BrowserContext[] = [];
  async function newPage(width: number) {
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: viewportFor(width),
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page };
  }
  return {
    stack,
    dataDir,
    browser,
    url: stack.url,
    newPage,
    async signedInPage(width: number, username: string, path = '/') {
      const opened = await newPage(width);
      await logIn(stack.url, opened.context.request, username);
      await opened.page.goto(path);
      return opened;
    },
    openedCount: () => contexts.length,
    async closeSince(mark: number) {
      for (const context of contexts.splice(mark)) await context.close().catch(() => {});
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's migrated and seeded data (see stack-template.ts) into `dataDir`, without its
 * mailbox: the demo emails there link to the template's port, and every test reads only its
 * own mail. The system's `cp` copies the five databases' 5,000 files with a tenth of the CPU
 * that Node's `fs.cp` took (2.5 s a file's stack); Windows has no `cp`, so it gets `fs.cp`.
 */
async function copyTemplate(template: string, dataDir: string): Promise<void> {
  if (process.platform === 'win32') {
    await cp(template, dataDir, {
      recursive: true,
      filter: (source) => source !== join(template, 'mailbox'),
    });
    return;
  }
  await execFileAsync('cp', ['-R', `${template}/.`, dataDir]);
  await rm(join(dataDir, 'mailbox'), { recursive: true, force: true });
}

/** The stack's start opens five databases: on a busy machine it can take a minute. */
const START_TIMEOUT_MS = 240_000;

/**
 * For a describe block: starts the harness before its tests and closes it after them. The
 * object returned is filled in when the stack is up, so use it in hooks and tests only; a
 * `beforeAll` of the block registered after this call runs after the start and may use it.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(options));
  }, START_TIMEOUT_MS);
  // What a test opens is closed when it ends; what the file's beforeAll opened stays for all.
  let mark = 0;
  beforeEach(() => {
    mark = harness.openedCount();
  });
  afterEach(async () => {
    await harness.closeSince(mark);
  });
  afterAll(async () => {
    await harness.close?.();
  });
  return harness;
}

/**
 * A signed-in API session of a demo account (logged in through /api/login with the CSRF
 * guard's origin), for setup a test is not about. Its context's `request` holds the cookies.
 */
export async function demoSession(
  harness: Harness,
  username: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await harness.newPage(DESKTOP);
  await logIn(harness.url, opened.context.request, username);
  return opened;
}

/** Logs the demo account `username` in through /api/login: `api`'s cookies then hold it. */
async function logIn(url: string, api: APIRequestContext, username: string): Promise<void> {
  const response = await api.post('/api/login', {
    headers: { origin: url },
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.status(), `login ${username}`).toBe(200);
}

/** The moderation queue through the API, as much of it as one page holds. */
export const MODERATION_QUEUE_API = `/api/admin/questions/pending?limit=${MODERATION_QUEUE_MAX_PAGE_SIZE}`;
/** The questions assigned to the signed-in expert, through the API. */
export const EXPERT_QUESTIONS_API = '/api/creator/questions';

/**
 * Waits until the list at `path`, read through the API as the demo account `username`, holds
 * the question titled `title`. The staff and expert pages load their lists once, and a question
 * reaches the moderation queue (or, approved, the expert's list) over the bus a moment after the
 * request that sent it: a test opens such a page only once it is there.
 */
export async function untilListed(
  harness: Harness,
  username: string,
  path: string,
  title: string,
): Promise<void> {
  const api = await request.newContext({ baseURL: harness.url });
  try {
    await logIn(harness.url, api, username);
    // `eventually`, not expect.poll: a file's setup (beforeAll) waits with it too.
    await eventually(
      async () => {
        const response = await api.get(path);
        expect(response.ok(), path).toBe(true);
        const items = (await response.json()) as Array<{ title: string }>;
        expect(items.map((item) => item.title)).toContain(title);
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  } finally {
    await api.dispose();
  }
}

/**
 * Signs a new member up through the API as a person would: registers, reads the link of the
 * confirmation email from the stack's mailbox folder and opens it with the same cookies (a
 * page's or a context's `request`), which then hold the member's session. The user.
 */
export async function signUp(
  harness: Harness,
  request: APIRequestContext,
  body: { username: string; email: string; password: string },
): Promise<{ id: number; username: string }> {
  const headers = { origin: harness.url };
  const registered = await request.post('/api/register', { headers, data: body });
  if (registered.status() !== 202) {
    throw new Error(`register ${body.username}: ${registered.status()} ${await registered.text()}`);
  }
  const token = await verificationTokenFromMailbox(join(harness.dataDir, 'mailbox'), body.email);
  const verified = await request.post('/api/verify-email', {
    headers,
    data: { token, password: body.password },
  });
  if (verified.status() !== 200) {
    throw new Error(`verify ${body.username}: ${verified.status()} ${await verified.text()}`);
  }
  return verified.json();
}

/**
 * A new member (see signUp; password DEMO_PASSWORD) who subscribed and bought a bulk pack of
 * credits, each paid as the card form pays: the local provider confirms the payment.
 */
export async function signUpSubscriber(
  harness: Harness,
  request: APIRequestContext,
  username: string,
): Promise<{ id: number; username: string }> {
  const user = await signUp(harness, request, {
    username,
    email: `${username}@example.com`,
    password: DEMO_PASSWORD,
  });
  const headers = { origin: harness.url };
  for (const [path, data] of [
    ['/api/create-subscription', {}],
    ['/api/purchase-credits', { package: 'bulk' }],
  ] as const) {
    const started = await (await request.post(path, { headers, data })).json();
    const confirmed = await request.post('/api/billing/local/confirm', {
      headers,
      data: { clientSecret: started.clientSecret, outcome: 'succeeded' },
    });
    expect(confirmed.status(), `${path} confirmed`).toBe(200);
  }
  return user;
}

/**
 * A question asked through the API by the member whose cookies `request` holds, to the first
 * expert with a place left this week, in the first category and topic. Polled until accepted:
 * the member's subscription and credits arrive over the bus. The question's id and its expert.
 */
export async function askAsMember(
  harness: Harness,
  request: APIRequestContext,
  question: { title: string; content: string },
): Promise<{ questionId: string; expert: { userId: number; handle: string } }> {
  const headers = { origin: harness.url };
  const creators = await (await request.get('/api/creators')).json();
  const expert = creators.find((c: { window?: { remaining: number } }) => c.window?.remaining);
  const [category] = await (await request.get('/api/categories')).json();
  const [tag] = await (await request.get('/api/tags')).json();
  let questionId = '';
  await expect
    .poll(async () => {
      const response = await request.post('/api/questions', {
        headers,
        data: {
          assignedCreatorId: expert.userId,
          categoryId: category.id,
          tagIds: [tag.id],
          ...question,
        },
      });
      if (response.status() === 201) questionId = (await response.json()).id;
      return response.status();
    })
    .toBe(201);
  return { questionId, expert };
}

/**
 * A link (the whole address, as a mail program shows it) to `path` mailed to `email`: by default
 * the confirmation link. The first one not in `not`.
 */
export async function linkMailedTo(
  harness: Harness,
  email: string,
  path = '/verify-email',
  not: string[] = [],
): Promise<string> {
  const pattern = new RegExp(`(https?:\\/\\/\\S+${path}\\?token=[\\w-]+)`);
  const links = async () =>
    (await readMailbox(join(harness.dataDir, 'mailbox')))
      .filter(({ mail }) => toAddress(mail) === email.toLowerCase())
      .map(({ mail }) => pattern.exec(mail.text ?? '')?.[1])
      .filter((link): link is string => Boolean(link) && !not.includes(link as string));
  for (let look = 0; ; look++) {
    const [link] = await links();
    if (link) return link;
    if (look > 300) throw new Error(`no ${path} link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * After the Register form was sent: waits for its "check your inbox" state, then opens the link
 * mailed to `email` in this page and types the sign-up's `password`, which signs the member in
 * and lands on /subscribe.
 */
export async function confirmFromInbox(
  harness: Harness,
  page: Page,
  email: string,
  password: string,
) {
  await page
    .getByTestId('check-inbox')
    .getByRole('heading', { name: 'Check your inbox' })
    .waitFor();
  await page.goto(await linkMailedTo(harness, email));
  await confirmWithPassword(page, password);
  await page.waitForURL('**/subscribe');
}

/** On the page of a confirmation link: types the sign-up's password and confirms. */
export async function confirmWithPassword(page: Page, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Confirm your email address' });
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/**
 * The signed-in user's account menu in the header, opened (the same at every width): its
 * entries are `menuitem`s.
 */
export async function openAccountMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Signs in through the /auth form. */
export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await toast(page, 'Welcome back!').waitFor();
}

/** A shown toast with this text (Radix also announces it in a live region, not matched here). */
export function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

/**
 * Stands the page's decorative backdrop still as one flat image of its own colour (or lets it
 * move again), through a constructed style sheet, which the CSP allows, so beams the layer adds
 * meanwhile stand still too. For whatever views the whole page at once: the backdrop is fixed to
 * the viewport and its beams are sized in viewport heights, so a viewport as tall as the page
 * stretches thirty beams over all of it.
 */
export async function stillBackground(page: Page, still: boolean): Promise<void> {
  await page.evaluate((still) => {
    const key = '__stillBackground';
    const holder = window as unknown as Record<string, CSSStyleSheet | undefined>;
    if (still) {
      if (holder[key]) return;
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '[data-testid="background"] { background-image: linear-gradient(#070b17, #070b17) !important; }' +
          '[data-testid="background"] > * { visibility: hidden !important; }',
      );
      holder[key] = sheet;
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } else {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== holder[key]);
      holder[key] = undefined;
    }
  }, still);
}

/**
 * Saves a full-page PNG of what the page shows now as `artifacts/<name>-<width>.png`, at each
 * of `widths` (default: desktop and phone). The viewport is resized for each and put back after,
 * so a test that runs at one width can still photograph a route at both.
 *
 * The backdrop's beams are left out of the photograph (see stillBackground): stretched over the
 * whole page they were faint, unlike anything a reader sees, and painting them was nearly all of
 * a photograph's cost (the browser suite alone on two cores: 452 s with them, 410 s without).
 */
export async function saveScreenshots(
  page: Page,
  name: string,
  widths: readonly number[] = WIDTHS,
): Promise<string[]> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize();
  const saved: string[] = [];
  try {
    for (const width of widths) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize(viewportFor(width));
        // Let media queries, resize observers and lazy images settle.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 150))),
        );
      }
      // From the top, so the sticky header is photographed where it belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
      const path = join(ARTIFACTS_DIR, `${name}-${width}.png`);
      await stillBackground(page, true);
      try {
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      } finally {
        await stillBackground(page, false);
      }
      saved.push(path);
    }
  } finally {
    if (original && page.viewportSize()?.width !== original.width) {
      await page.setViewportSize(original);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
  }
  return saved;
}

/**
 * The page as a person sees it now: nothing runs off its side (no horizontal scroll bar), and
 * a screenshot at its own width goes to `artifacts/<name>-<width>.png` for a human to look at.
 */
export async function expectLaidOut(page: Page, name: string): Promise<void> {
  expect(await hasHorizontalScroll(page)).toBe(false);
  await saveScreenshots(page, name, [page.viewportSize()!.width]);
}

/** Whether the document is wider than the viewport (a horizontal scroll bar). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
