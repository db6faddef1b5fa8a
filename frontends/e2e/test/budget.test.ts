import { beforeAll, expect, it } from 'vitest';
import {
  BUDGET_GZIP_BYTES,
  type BudgetResult,
  formatBudget,
  measureFrontendBudget,
} from '../scripts/budget-lib.mjs';
import { describeInChromium, useHarness } from './harness.js';

/**
 * Chunks of the shared singletons `@uapqa/ui/router` and `@uapqa/ui/controls` (named after
 * packages/ui/dist/router.js and controls.js), wherever they come from. The shell bundles the
 * router into its start and the controls into a chunk of their own; a remote builds no copy.
 */
const SHARED_ENTRY_CHUNK = /\/assets\/(router|controls)-[\w-]+\.js$/;

describeInChromium('the frontend budget (`pnpm --filter @uapqa/e2e budget`)', () => {
  const harness = useHarness();
  let result: BudgetResult;

  beforeAll(async () => {
    result = await measureFrontendBudget({ browser: harness.browser, url: harness.url });
    console.log(formatBudget(result));
  });

  it('loads no remote code on / and the members remote once /browse-qa is visited', () => {
    expect(result.firstPaint.files.length).toBeGreaterThan(0);
    expect(result.remotesOnLanding.remoteCode).toEqual([]);
    expect(result.browseQa.membersCode.length).toBeGreaterThan(0);
    expect(result.browseQa.remoteRequests).toContainEqual(
      expect.objectContaining({ remote: 'members', path: '/remotes/members/remoteEntry.js' }),
    );
  });

  it('loads the router and the remote-only controls once, from the shell', () => {
    const sharedChunks = (files: BudgetResult['firstPaint']['files']) =>
      files.filter((file) => SHARED_ENTRY_CHUNK.test(file.path)).map((file) => file.path);
    // `/` routes with the router of the shell's start and does not load the controls only
    // remotes use.
    expect(sharedChunks(result.firstPaint.files)).toEqual([]);
    // The members remote routes with that same router and gets the controls from the shell.
    const onBrowse = sharedChunks(result.browseQa.files);
    expect(onBrowse.length).toBeGreaterThan(0);
    for (const path of onBrowse) expect(path).toMatch(/^\/assets\/controls-/);
  });

  it('keeps the JavaScript of the first paint of / within the budget, gzipped', () => {
    expect(result.firstPaint.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});
