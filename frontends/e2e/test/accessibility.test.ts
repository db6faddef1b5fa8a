import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoSession,
  describeInChromium,
  PHONE,
  useHarness,
  viewportFor,
  WIDTHS,
} from './harness.js';

/** WCAG 2.2 AA, plus axe's best practices (heading order, one h1, landmarks). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Role = 'visitor' | 'member' | 'expert' | 'moderator' | 'admin';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  member: 'member',
  expert: 'dana',
  moderator: 'moderator',
  admin: 'admin',
};

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/** One block per rule and screen, naming every element it found: what a developer reads first. */
function describeFindings(findings: Finding[]): string {
  return findings
    .map((finding) =>
      [
        `${finding.where}: [${finding.impact}] ${finding.rule}: ${finding.help}`,
        `  ${finding.helpUrl}`,
        ...finding.nodes.map((node) =>
          [
            `  at ${node.target}`,
            `     ${node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html}`,
            `     ${node.summary.replaceAll('\n', '\n     ')}`,
          ].join('\n'),
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * Waits until the page shows `ready` and has finished loading: no skeletons, no spinner, no
 * busy region, and the web fonts in, since a late font changes what axe measures.
 */
async function settle(page: Page, ready: Locator): Promise<void> {
  await ready.first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-testid="placeholders"], [aria-busy="true"], [role="status"][aria-label^="Loading"]',
      ),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** One axe run on the page, or only inside `scope`: its violations and undecided contrasts. */
async function runAxe(
  page: Page,
  where: string,
  scope?: string,
  modal = false,
): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself: the pages have no frames to stitch together, and
  // the default mode's extra blank page per run would double the suite's time.
  const builder = new AxeBuilder({ page }).setLegacyMode().withTags(TAGS);
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  const undecided = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .map((result) => ({
      ...result,
      // In a fixed, centred dialog axe calls some multi-line paragraphs 'partially overlapping'
      // though every line lies on the dialog's one opaque surface (their other texts on it are
      // decided): only that reason is let through, and only there.
      nodes: result.nodes.filter(
        (node) => !(modal && node.any[0]?.data?.messageKey === 'elmPartiallyObscuring'),
      ),
    }))
    .filter((result) => result.nodes.length > 0);
  return [
    ...results.violations.map((result) => ({ result, where })),
    ...undecided.map((result) => ({ result, where: `${where} (undecided)` })),
  ].map(({ result, where }) => ({
    where,
    rule: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    helpUrl: result.helpUrl,
    nodes: result.nodes.map((node) => ({
      target: node.target.join(' '),
      html: node.html,
      summary: node.failureSummary ?? '',
    })),
  }));
}

/**
 * Audits what the page shows now. Violations fail, and so does a contrast axe could not decide
 * (text over the decorative background with no surface of its own): undecided is unchecked.
 *
 * A whole page is audited with a viewport as tall as the page: the background is fixed to the
 * viewport, so a paragraph crossing the viewport's bottom edge would have two backgrounds and
 * an undecidable contrast that no reader ever sees. Its beams are many moving elements, and axe
 * compares everything under each line of a paragraph: lines over different beams would leave
 * even a text on an opaque card undecided. So for the run the decorative layer stands still as
 * one image: a text on it with no surface of its own is undecided (a failure), as it should be,
 * and a text on a surface is decided.
 *
 * An overlay (`scope`) is audited as it shows (a select list closes when the window is
 * resized). Under a modal one, the page is hidden for the run: axe compares everything under
 * each line of a paragraph, down through the dialog's own opaque surface and the backdrop to
 * the page beneath, and calls a paragraph that spans two cards of the page undecided.
 *
 * A finding must show in three runs in a row, a few frames apart: under load, a run now and
 * then reads as black a text that the page shows in its theme colour (the same screen passes
 * alone and in the next run), and what goes away at once is no finding.
 */
async function audit(
  page: Page,
  where: string,
  overlay?: { scope: string; modal: boolean },
): Promise<Finding[]> {
  const viewport = page.viewportSize()!;
  // A constructed style sheet (the CSP allows it), so beams the layer adds meanwhile stand still too.
  const stillBackground = (still: boolean) =>
    page.evaluate((still) => {
      const key = '__stillBackground';
      const holder = window as unknown as Record<string, CSSStyleSheet | undefined>;
      if (still) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(
          '[data-testid="background"] { background-image: linear-gradient(#070b17, #070b17) !important; }' +
            '[data-testid="background"] > * { visibility: hidden !important; }',
        );
        holder[key] = sheet;
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      } else {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== holder[key]);
      }
    }, still);
  if (!overlay) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({
      width: viewport.width,
      height: Math.max(height, viewport.height),
    });
    // A tab or button pressed to reach the state may have scrolled the page, and the sticky
    // header would then lie over the texts at its top: axe calls those undecided.
    await page.evaluate(() => window.scrollTo(0, 0));
    await stillBackground(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  const hidePage = (hidden: boolean) =>
    page.evaluate((hidden) => {
      document.getElementById('root')!.style.visibility = hidden ? 'hidden' : '';
    }, hidden);
  if (overlay?.modal) await hidePage(true);
  try {
    const modal = overlay?.modal ?? false;
    let findings = await runAxe(page, where, overlay?.scope, modal);
    for (let again = 0; findings.length > 0 && again < 2; again++) {
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      findings = await runAxe(page, where, overlay?.scope, modal);
    }
    return findings;
  } finally {
    if (overlay?.modal) await hidePage(false);
    if (!overlay) {
      await stillBackground(false);
      await page.setViewportSize(viewport);
    }
  }
}

/** A screen of a route: how to get there, what shows it is ready, and its states worth a look. */
interface Screen {
  path: string;
  ready: (page: Page) => Locator;
  /**
   * Other states of the screen (an open dialog, menu or list, form errors), each reached from a
   * fresh load. `overlay` limits the audit to what opened: the page behind it was audited
   * already, and a modal overlay hides it from assistive technology while it is open.
   */
  states?: Array<{
    name: string;
    widths?: readonly number[];
    overlay?: { scope: string; modal: boolean };
    reach: (page: Page) => Promise<void>;
  }>;
}

/** Where Radix renders an open list (Select) and an open dialog: both modal. */
const MODAL_LIST = { scope: '[data-radix-popper-content-wrapper]', modal: true };
const MODAL_DIALOG = { scope: '[role="dialog"], [role="alertdialog"]', modal: true };
/** A toast covers a corner of the page: audited alone, as the page under it was before. */
const TOAST = { scope: '[data-testid="toast"]', modal: false };

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 });

const sideMenu = {
  name: 'side menu open',
  widths: [PHONE],
  overlay: MODAL_DIALOG,
  async reach(page: Page) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  },
};

/** Opens the first answer of a FAQ accordion. */
async function openFaq(page: Page) {
  const question = page
    .getByRole('region', { name: 'Frequently Asked Questions' })
    .getByRole('button')
    .first();
  await question.click();
  await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
}

/** Presses a form's submit button and waits for its first error message. */
const submitEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('alert').first().waitFor();
};

const VISITOR: Screen[] = [
  {
    path: '/',
    ready: (page) => page.getByTestId('featured-experts'),
    states: [sideMenu, { name: 'FAQ answer open', reach: openFaq }],
  },
  {
    path: '/auth?tab=login',
    ready: (page) => page.getByRole('tab', { name: 'Sign In', selected: true }),
    states: [
      {
        name: 'sign-in refused',
        overlay: TOAST,
        async reach(page) {
          await page.getByLabel('Username').fill('member');
          await page.getByLabel('Password').fill('not the password');
          await page.getByRole('button', { name: 'Sign In', exact: true }).click();
          await page.getByTestId('toast').filter({ hasText: 'Login failed' }).waitFor();
        },
      },
      {
        name: 'forgot password',
        async reach(page) {
          await page.getByRole('button', { name: 'Forgot your password?' }).click();
          await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/auth?tab=register',
    ready: (page) => page.getByRole('tab', { name: 'Register', selected: true }),
    states: [
      {
        name: 'passwords differ',
        overlay: TOAST,
        async reach(page) {
          await page.getByLabel('Username').fill('newcomer');
          await page.getByLabel('Email', { exact: true }).fill('newcomer@example.com');
          await page.getByLabel('Password', { exact: true }).fill('a long password');
          await page.getByLabel('Confirm password').fill('another password');
          await page.getByRole('button', { name: 'Create Account' }).click();
          await page.getByTestId('toast').filter({ hasText: 'Passwords do not match' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/contact',
    ready: (page) => page.getByLabel('Message *'),
    states: [
      {
        name: 'missing information',
        overlay: TOAST,
        async reach(page) {
          await page.getByRole('button', { name: 'Send Message' }).click();
          await page.getByTestId('toast').filter({ hasText: 'Missing Information' }).waitFor();
        },
      },
    ],
  },
  {
    path: '/browse-qa',
    ready: (page) => page.getByTestId('question-card'),
    states: [
      {
        // The count, the sort choice and the marks of the words a search matched.
        name: 'searched',
        async reach(page) {
          await page.goto('/browse-qa?search=radar&sort=oldest');
          await page.getByTestId('question-card').locator('mark').first().waitFor();
        },
      },
      {
        name: 'filters open',
        widths: [PHONE],
        async reach(page) {
          await page.getByRole('button', { name: 'Filters' }).click();
          await page.getByLabel('Search', { exact: true }).waitFor();
        },
      },
      {
        name: 'category list open',
        widths: [DESKTOP],
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('combobox').first().click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
  { path: '/questions/:answered', ready: (page) => page.getByTestId('question-page') },
  { path: '/experts/dana', ready: (page) => page.getByTestId('expert-answer') },
  {
    path: '/experts',
    ready: (page) => page.getByTestId('experts-page'),
    states: [{ name: 'FAQ answer open', reach: openFaq }],
  },
  {
    path: '/apply',
    ready: heading('Apply to Become an Expert'),
    states: [{ name: 'form errors', reach: submitEmpty('Submit Application') }],
  },
  { path: '/subscribe', ready: (page) => page.getByRole('link', { name: 'Sign In' }) },
  { path: '/submit-question', ready: heading('Authentication Required') },
  { path: '/expert-onboarding', ready: heading('Become a Creator') },
  { path: '/privacy', ready: heading('Privacy Policy') },
  { path: '/terms', ready: heading('Terms of Service') },
  { path: '/no-such-page', ready: heading('404 Page Not Found') },
];

const MEMBER: Screen[] = [
  {
    path: '/dashboard',
    ready: (page) => page.getByTestId('recent-question'),
    states: [sideMenu],
  },
  { path: '/my-questions', ready: (page) => page.getByTestId('my-question') },
  {
    path: '/submit-question',
    ready: (page) => page.getByTestId('expert-window'),
    states: [
      {
        name: 'form errors',
        async reach(page) {
          await page.getByRole('button', { name: 'Submit Question' }).click();
          await page.getByText('Please select an expert', { exact: true }).waitFor();
        },
      },
      {
        name: 'expert list open',
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('combobox', { name: 'Expert' }).click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
  {
    path: '/subscribe',
    ready: (page) => page.getByTestId('payment'),
    states: [
      {
        name: 'card form open',
        async reach(page) {
          await page.getByRole('button', { name: 'Purchase Credits' }).first().click();
          await page.getByLabel('Card number').waitFor();
        },
      },
      {
        name: 'cancel dialog open',
        overlay: MODAL_DIALOG,
        async reach(page) {
          await page.getByRole('button', { name: 'Cancel Subscription' }).click();
          await page.getByRole('dialog').waitFor();
        },
      },
    ],
  },
  { path: '/browse-qa', ready: (page) => page.getByText('Full Answer Available') },
  { path: '/questions/:answered', ready: (page) => page.getByTestId('question-page') },
  { path: '/expert-onboarding', ready: heading('Become a Creator') },
  // Staff and expert pages tell a member they are not for them.
  { path: '/admin-dashboard', ready: (page) => page.getByTestId('access-denied') },
  { path: '/expert-dashboard', ready: (page) => page.getByTestId('access-denied') },
];

const EXPERT: Screen[] = [
  {
    path: '/expert-dashboard',
    ready: (page) => page.getByTestId('expert-question'),
    states: [
      {
        name: 'answering',
        async reach(page) {
          await page
            .getByTestId('expert-question')
            .first()
            .getByRole('button', { name: 'Answer', exact: true })
            .click();
          await page.getByLabel('Your answer').waitFor();
        },
      },
      {
        name: 'answered tab',
        async reach(page) {
          await page.getByRole('tab', { name: /^Answered/ }).click();
          await page.getByRole('tab', { name: /^Answered/, selected: true }).waitFor();
        },
      },
    ],
  },
  { path: '/creator-dashboard', ready: (page) => page.getByTestId('earnings-statement') },
  { path: '/expert-onboarding', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

const MODERATOR: Screen[] = [
  {
    path: '/moderator-dashboard',
    ready: (page) => page.getByTestId('queue-item'),
    states: [
      {
        name: 'moderating',
        async reach(page) {
          await page.getByRole('button', { name: 'Moderate' }).first().click();
          await page.getByTestId('moderation-panel').waitFor();
        },
      },
      {
        name: 'expert list open',
        overlay: MODAL_LIST,
        async reach(page) {
          await page.getByRole('button', { name: 'Moderate' }).first().click();
          await page.getByRole('combobox', { name: 'Assign expert' }).click();
          await page.getByRole('listbox').waitFor();
        },
      },
    ],
  },
];

const ADMIN: Screen[] = [
  {
    path: '/admin-dashboard',
    ready: (page) => page.getByTestId('taxonomy-category').getByRole('listitem'),
    states: [
      {
        name: 'reviewing an application',
        async reach(page) {
          await page.getByRole('button', { name: 'Review' }).first().click();
          await page.getByLabel('Note to the applicant (optional)').waitFor();
        },
      },
      {
        name: 'delete dialog open',
        overlay: MODAL_DIALOG,
        async reach(page) {
          await page
            .getByTestId('taxonomy-topic')
            .getByRole('button', { name: /^Delete topic / })
            .first()
            .click();
          await page.getByRole('dialog').waitFor();
        },
      },
    ],
  },
];

const SCREENS: Record<Role, Screen[]> = {
  visitor: VISITOR,
  member: MEMBER,
  expert: EXPERT,
  moderator: MODERATOR,
  admin: ADMIN,
};

const PENDING_TITLE = 'What did the radar operators at Washington National see in July 1952?';
const APPROVED_TITLE = 'Why do so many sightings cluster near nuclear weapons sites?';

describeInChromium('accessibility (axe, WCAG 2.2 AA) of every route in Chromium', () => {
  const harness = useHarness();
  let answeredId: string;
  const pages = new Map<Role, Page>();

  /** One page per role, signed in once and reused at every width. */
  async function pageOf(role: Role): Promise<Page> {
    let page = pages.get(role);
    if (!page) {
      page =
        role === 'visitor'
          ? (await harness.newPage(DESKTOP)).page
          : (await demoSession(harness, ACCOUNTS[role])).page;
      pages.set(role, page);
    }
    return page;
  }

  beforeAll(async () => {
    const headers = { origin: harness.url };
    const { context: member } = await demoSession(harness, 'member');
    const get = async <T>(context: BrowserContext, url: string) => {
      const response = await context.request.get(url);
      expect(response.ok(), url).toBe(true);
      return (await response.json()) as T;
    };
    const archive = await get<Array<{ id: number }>>(member, '/api/questions?limit=1');
    answeredId = String(archive[0]!.id);

    // Dana gets a question to answer, the moderator one to review, the admin an application.
    const creators = await get<Array<{ userId: number; brandName: string | null }>>(
      member,
      '/api/creators',
    );
    const categories = await get<Array<{ id: number }>>(member, '/api/categories');
    const tags = await get<Array<{ id: number }>>(member, '/api/tags');
    const dana = creators.find((creator) => creator.brandName === 'Dana Whitfield')!;
    const ids: number[] = [];
    for (const title of [APPROVED_TITLE, PENDING_TITLE]) {
      const asked = await member.request.post('/api/questions', {
        headers,
        data: {
          assignedCreatorId: dana.userId,
          categoryId: categories[0]!.id,
          tagIds: [tags[0]!.id],
          title,
          content: 'Several radar stations and pilots reported the same lights on the same nights.',
        },
      });
      expect(asked.ok(), await asked.text()).toBe(true);
      ids.push(((await asked.json()) as { id: number }).id);
    }
    const { context: moderator } = await demoSession(harness, 'moderator');
    // The question reaches the queue through the event bus: ask until it is there.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const queue = await get<Array<{ id: number }>>(moderator, '/api/admin/questions/pending');
      if (queue.some((item) => item.id === ids[0])) break;
      if (Date.now() > deadline) throw new Error('The question never reached the moderation queue');
      // Ask again after a pause (as expect.poll does), not in a loop that starves the stack.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const approved = await moderator.request.patch(`/api/admin/questions/${ids[0]}/status`, {
      headers,
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    const applied = await member.request.post('/api/expert-applications', {
      headers,
      data: {
        name: 'Rosa Whitcombe',
        email: 'rosa@example.com',
        phone: '+1 555 0100',
        duration: 6,
        questionsPerWeek: 5,
      },
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    // The setup above (the stack itself was started by useHarness's hook).
  }, 240_000);

  // One test per screen, so that a slow machine is given time per screen, and a failure names
  // the screen it is on.
  describe.each(Object.keys(SCREENS) as Role[])('as %s', (role) => {
    describe.each(WIDTHS)('at %i px', (width) => {
      it.each(SCREENS[role].map((screen) => [screen.path, screen] as const))(
        '%s and its states have no violation',
        async (_path, screen) => {
          const page = await pageOf(role);
          await page.setViewportSize(viewportFor(width));
          const path = screen.path.replace(':answered', answeredId);
          const where = `${role} ${width}px ${screen.path}`;
          await page.goto(path);
          await settle(page, screen.ready(page));
          const findings = await audit(page, where);
          for (const state of screen.states ?? []) {
            if (state.widths && !state.widths.includes(width)) continue;
            await page.goto(path);
            await settle(page, screen.ready(page));
            await state.reach(page);
            await settle(page, page.locator('body'));
            findings.push(...(await audit(page, `${where} (${state.name})`, state.overlay)));
          }
          expect(findings.length, `axe found:\n\n${describeFindings(findings)}\n`).toBe(0);
        },
        120_000,
      );
    });
  });
});
