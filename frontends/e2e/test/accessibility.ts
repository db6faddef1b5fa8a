/**
 * The axe audit of a role's screens and what the screens are made of, shared by
 * accessibility-visitor.test.ts and accessibility-signed-in.test.ts: the screens are in two files,
 * each on its own stack, so that the browser suite's parallel workers share them.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  demoSession,
  describeInChromium,
  MODERATION_QUEUE_API,
  PHONE,
  stillBackground,
  untilListed,
  useHarness,
  viewportFor,
  WIDTHS,
} from './harness.js';

/** WCAG 2.2 AA, plus axe's best practices (heading order, one h1, landmarks). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Role = 'visitor' | 'member' | 'expert' | 'moderator' | 'admin';
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
  if (!overlay) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({
      width: viewport.width,
      height: Math.max(height, viewport.height),
    });
    // A tab or button pressed to reach the state may have scrolled the page, and the sticky
    // header would then lie over the texts at its top: axe calls those undecided.
    await page.evaluate(() => window.scrollTo(0, 0));
    await stillBackground(page, true);
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
      await stillBackground(page, false);
      await page.setViewportSize(viewport);
    }
  }
}

/** A screen of a route: how to get there, what shows it is ready, and its states worth a look. */
export interface Screen {
  path: string;
  ready: (page: Page) => Locator;
  /**
   * Other states of the screen (an open dialog, menu or list, form errors), each reached from
   * the page as it loads. `overlay` limits the audit to what opened: the page behind it was
   * audited already, and a modal overlay hides it from assistive technology while it is open.
   */
  states?: Array<{
    name: string;
    widths?: readonly number[];
    overlay?: { scope: string; modal: boolean };
    reach: (page: Page) => Promise<void>;
  }>;
}

/** Where Radix renders an open list (Select) and an open dialog: both modal. */
export const MODAL_LIST = { scope: '[data-radix-popper-content-wrapper]', modal: true };
export const MODAL_DIALOG = { scope: '[role="dialog"], [role="alertdialog"]', modal: true };
/** A toast covers a corner of the page: audited alone, as the page under it was before. */
export const TOAST = { scope: '[data-testid="toast"]', modal: false };

export const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 });

export const sideMenu = {
  name: 'side menu open',
  widths: [PHONE],
  overlay: MODAL_DIALOG,
  async reach(page: Page) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  },
};

/** Opens the first answer of a FAQ accordion. */
export async function openFaq(page: Page) {
  const question = page
    .getByRole('region', { name: 'Frequently Asked Questions' })
    .getByRole('button')
    .first();
  await question.click();
  await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
}

/** Presses a form's submit button and waits for its first error message. */
export const submitEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('alert').first().waitFor();
};

const PENDING_TITLE = 'What did the radar operators at Washington National see in July 1952?';
const APPROVED_TITLE = 'Why do so many sightings cluster near nuclear weapons sites?';

/**
 * One test per screen of each role at each width, on a stack of the file's own, set up as every
 * role expects it (an answered question to open, a question for Dana to answer and one for the
 * moderator to review, an application for the admin).
 */
export function describeAccessibility(screens: Partial<Record<Role, Screen[]>>): void {
  const roles = Object.keys(screens) as Role[];
  describeInChromium(
    `accessibility (axe, WCAG 2.2 AA) of every route in Chromium, as ${roles.join(', ')}`,
    () => {
      const harness = useHarness();
      let answeredId: string;
      /** One page per role, signed in once in the setup (so it outlives each test), at every width. */
      const pages = new Map<Role, Page>();
      const pageOf = (role: Role): Page => pages.get(role)!;

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
              content:
                'Several radar stations and pilots reported the same lights on the same nights.',
            },
          });
          expect(asked.ok(), await asked.text()).toBe(true);
          ids.push(((await asked.json()) as { id: number }).id);
        }
        // The question reaches the queue through the event bus.
        await untilListed(harness, 'moderator', MODERATION_QUEUE_API, APPROVED_TITLE);
        const { context: moderator } = await demoSession(harness, 'moderator');
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
        for (const role of roles) {
          const { page } =
            role === 'visitor'
              ? await harness.newPage(DESKTOP)
              : await demoSession(harness, ACCOUNTS[role]);
          pages.set(role, page);
        }
        // The setup above (the stack itself was started by useHarness's hook).
      }, 240_000);

      // One test per screen, so that a slow machine is given time per screen, and a failure names
      // the screen it is on.
      describe.each(roles)('as %s', (role) => {
        describe.each(WIDTHS)('at %i px', (width) => {
          it.each(screens[role]!.map((screen) => [screen.path, screen] as const))(
            '%s and its states have no violation',
            async (_path, screen) => {
              const page = pageOf(role);
              await page.setViewportSize(viewportFor(width));
              const path = screen.path.replace(':answered', answeredId);
              const where = `${role} ${width}px ${screen.path}`;
              await page.goto(path);
              await settle(page, screen.ready(page));
              const findings = await audit(page, where);
              // The first state starts from the page as loaded and audited (the audit put back
              // the viewport, the scroll and the backdrop it changed); each later one from a
              // fresh load, as the state before it may have left a dialog, a list or an error.
              let asLoaded = true;
              for (const state of screen.states ?? []) {
                if (state.widths && !state.widths.includes(width)) continue;
                if (!asLoaded) {
                  await page.goto(path);
                  await settle(page, screen.ready(page));
                }
                asLoaded = false;
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
    },
  );
}
