import { defineConfig } from 'vitest/config';

/**
 * Test files run in parallel, E2E_WORKERS at a time (default 2: on the two cores CI has, a third
 * worker made the run slower, every file's stack start taking longer). Each file starts its own
 * embedded stack (PORT 0, its own temporary data folder, a copy of the one the global setup
 * migrated and seeded) through `useHarness()`, opens its own browser contexts and names its
 * screenshots apart from every other file's, so no file sees another's data. A worker's files
 * share its modules and its Chromium (`isolate: false`): importing the stack again and launching
 * a browser again for each file cost about 4 s of CPU a file. E2E_WORKERS=1 runs them one after another.
 */
const workers = Number(process.env.E2E_WORKERS) || 2;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/stack-template.ts'],
    // A journey through three roles takes half a minute on an idle two-core machine and twice
    // that beside the other worker's stack and browser: the bound is for a hung test only.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits as long as a page action does (the harness's 15 s), not vitest's 1 s:
    // with other files' stacks and browsers on the same cores, a state can take seconds to show.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: workers > 1,
    isolate: false,
    maxWorkers: workers,
  },
});
